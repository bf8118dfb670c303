/**
 * Signing a user out elsewhere (`docs/api.md`, Routes): what a password change, "sign out
 * everywhere else" and a password reset do. Every login session of the user but one is ended,
 * every linked device unlinked (its token stops working), every unused password reset link
 * killed (`docs/product.md`, Forgotten password) and every push subscription deleted (the
 * kept session's too: `docs/product.md`, Notifications on a locked phone); then their live connections are closed,
 * through the hub's own calls so connections on other API instances close too.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { LIVE_CLOSE_CODES, type LiveHub } from "../live/hub";
import { deleteOtherHttpSessionsOfUser } from "../repositories/httpSessions";
import { deleteLinkedDevicesOfUser, listLinkedDevices } from "../repositories/linkedDevices";
import { usePasswordResetsOfUser } from "../repositories/passwordResets";
import { deletePushSubscriptionsOfUser } from "../repositories/pushSubscriptions";

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
export function closeEndedLogins(hub: LiveHub, ended: EndedLogins): void {
  for (const key of ended.sessionKeys) hub.closeSession(key, LIVE_CLOSE_CODES.unauthorized, "Signed out");
  for (const id of ended.deviceIds) hub.closeDevice(id, LIVE_CLOSE_CODES.unauthorized, "This device is not linked");
}
