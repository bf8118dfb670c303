/**
 * Signing a user out elsewhere (`docs/api.md`, Routes): what a password change, "sign out
 * everywhere else" and a password reset do. Every login session of the user but one is ended,
 * every linked device unlinked (its token stops working), every unused password reset link
 * killed (`docs/product.md`, Forgotten password) and every push subscription deleted (the
 * kept session's too: `docs/product.md`, Notifications on a locked phone); then their live connections are closed,
 * through the `LoginConnections` port (the live hub, which closes them on every API instance).
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { deleteOtherHttpSessionsOfUser } from "../repositories/httpSessions";
import { deleteLinkedDevicesOfUser, listLinkedDevices } from "../repositories/linkedDevices";
import { usePasswordResetsOfUser } from "../repositories/passwordResets";
import { deletePushSubscriptionsOfUser } from "../repositories/pushSubscriptions";
import type { LoginConnections } from "./ports";

/** The logins `endLogins` ended, for `closeEndedLogins`. */
export interface EndedLogins {
  /** Keys (`hashSessionId`) of the ended login sessions. */
  sessionKeys: string[];
  /** Ids of the unlinked devices. */
  deviceIds: number[];
}

/**
 * Deletes every login session of the user but `keepSid` (all of them when null), unlinks every
 * device, deletes every push subscription and marks every unused reset link used at `now`. Runs in the caller's transaction when
 * given one; the live connections are left to `closeEndedLogins`, once the change is committed.
 */
export async function endLogins(db: Kysely<Database>, userId: number, keepSid: string | null, now = new Date()): Promise<EndedLogins> {
  // A reset link asked for before the user took their account back must not undo it.
  await usePasswordResetsOfUser(db, userId, now);
  const sessionKeys = await deleteOtherHttpSessionsOfUser(db, userId, keepSid);
  const devices = await listLinkedDevices(db, userId);
  await deleteLinkedDevicesOfUser(db, userId);
  await deletePushSubscriptionsOfUser(db, userId);
  return { sessionKeys, deviceIds: devices.map((device) => device.id) };
}

/** Closes the live connections of the ended sessions ("Signed out") and devices ("This device is not linked"). */
export function closeEndedLogins(connections: LoginConnections, ended: EndedLogins): void {
  for (const key of ended.sessionKeys) connections.endLoginSession(key, "Signed out");
  for (const id of ended.deviceIds) connections.endDevice(id, "This device is not linked");
}
