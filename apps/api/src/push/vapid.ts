/**
 * The VAPID identity pushes are signed with (RFC 8292): VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and
 * VAPID_SUBJECT when set, else a key pair generated at first start and kept in the database
 * (`app_secrets`, name "vapid"), so every instance signs with the same one and subscriptions
 * outlive restarts. The subject of a generated pair is `mailto:<SUPPORT_EMAIL>`.
 */
import type { Kysely } from "kysely";
import webpush from "web-push";
import { z } from "zod";
import type { Database } from "../db/database";
import type { Config } from "../env";
import { getOrCreateAppSecret } from "../repositories/appSecrets";

/** A VAPID key pair (base64url) and its subject. */
export interface VapidIdentity {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const storedPairSchema = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) });

/**
 * The configured identity, else the stored (or newly generated) one.
 * @throws Error when the stored pair is not readable (someone edited `app_secrets`).
 */
export async function resolveVapidIdentity(db: Kysely<Database>, config: Pick<Config, "push" | "supportEmail">): Promise<VapidIdentity> {
  if (config.push.vapid) return config.push.vapid;
  const stored = await getOrCreateAppSecret(db, "vapid", () => JSON.stringify(webpush.generateVAPIDKeys()));
  let parsed: z.infer<typeof storedPairSchema>;
  try {
    parsed = storedPairSchema.parse(JSON.parse(stored));
  } catch {
    throw new Error('The stored VAPID key pair (app_secrets "vapid") is not readable; delete that row or set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT');
  }
  return { ...parsed, subject: `mailto:${config.supportEmail}` };
}
