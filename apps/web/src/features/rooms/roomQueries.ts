/**
 * Focus rooms' server data (`docs/rooms.md`): the open public rooms, refreshed every 15 s while
 * shown (rooms open and close without this user doing anything), one room by its slug (loaded
 * once: who is in it is pushed by the server afterwards, `useRoomWatch`), and opening and ending
 * a room.
 */
import { roomSchema, type Room, type RoomCreate } from "@focus/core/schemas";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** How often a shown room list is refreshed, ms. */
export const ROOMS_REFRESH_MS = 15_000;

export const roomQueryKeys = {
  all: ["/api/rooms"] as const,
  room: (slug: string) => ["/api/rooms", slug] as const,
};

const roomListSchema = roomSchema.array();

/** The open public rooms, newest first. */
export function usePublicRooms() {
  return useQuery({ queryKey: roomQueryKeys.all, refetchInterval: ROOMS_REFRESH_MS, select: (data: unknown) => roomListSchema.parse(data) });
}

/**
 * One room, open or ended (404 when unknown: the query errors with the server's message), loaded
 * when its page opens; its members then come pushed over `/ws/rooms/<slug>` (no polling).
 */
export function useRoom(slug: string) {
  return useQuery({ queryKey: roomQueryKeys.room(slug), select: (data: unknown) => roomSchema.parse(data) });
}

/** `POST /api/rooms` → the new room (its first focus round starts now). */
export function useCreateRoom() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: RoomCreate) => roomSchema.parse(await api.post("/api/rooms", body)),
    onSuccess: (room: Room) => {
      client.setQueryData(roomQueryKeys.room(room.slug), room);
      void client.invalidateQueries({ queryKey: roomQueryKeys.all, exact: true });
    },
  });
}

/** `POST /api/rooms/:slug/end` (the owner only) → the ended room. */
export function useEndRoom(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => roomSchema.parse(await api.post(`/api/rooms/${encodeURIComponent(slug)}/end`)),
    onSuccess: (room: Room) => {
      client.setQueryData(roomQueryKeys.room(slug), room);
      void client.invalidateQueries({ queryKey: roomQueryKeys.all, exact: true });
    },
  });
}
