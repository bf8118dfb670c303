/**
 * What API instances tell each other about focus rooms (carried by the live relay,
 * `live/pgHub.ts`; read by the rooms, `live/rooms.ts`): a few bytes each.
 */
import { z } from "zod";

/** A room's people changed (`changed`: the instances serving it send `room_state` again) or it closed. */
export const roomRelaySchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("changed"), roomId: z.number().int() }),
  z.object({ kind: z.literal("closed"), roomId: z.number().int(), reason: z.string().max(200) }),
]);
export type RoomRelayMessage = z.infer<typeof roomRelaySchema>;
