/**
 * Sends a push to every subscription of an account with the `web-push` library (payload
 * encrypted as aes128gcm, signed with the VAPID identity). A subscription the push service
 * answers 404 or 410 (the browser unsubscribed, or it expired) is deleted; any other failure is
 * logged with the push service's host and status only, never the endpoint's path (a capability)
 * nor a key.
 */
import type { Agent } from "node:https";
import type { PushNotice } from "@focus/core/push";
import type { Kysely } from "kysely";
import webpush, { WebPushError } from "web-push";
import type { Database } from "../db/database";
import { deleteGonePushSubscription, pushTargetsOf } from "../repositories/pushSubscriptions";
import { publicOnlyAgent } from "./publicOnlyAgent";
import type { VapidIdentity } from "./vapid";

/** How long the push service may keep an undelivered notice, s: a minute late is still useful, an hour is not. */
export const PUSH_TTL_SECONDS = 60;
/** How long one request to a push service may take, ms. */
const PUSH_REQUEST_TIMEOUT_MS = 10_000;
/** The push service keeps only the newest undelivered push of a topic (a sleeping phone wakes to one). */
const PUSH_TOPIC = "session-end";

/** Pino's shape, as much as the sender uses. */
export interface PushLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/** What became of one account's push. */
export interface PushReport {
  sent: number;
  /** Subscriptions deleted because the push service said they are gone (404, 410). */
  gone: number;
  failed: number;
}

/** The host of an endpoint, for logs (the path is the subscription's secret). */
function serviceHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return "invalid";
  }
}

export class PushSender {
  /**
   * The https agent pushes go through: one that reaches public addresses only
   * (`publicOnlyAgent.ts`); undefined for Node's global one (PUSH_ANY_ENDPOINT=on, for a local
   * push service). The tests set one that trusts their local push service's certificate.
   */
  agent: Agent | undefined = publicOnlyAgent();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly vapid: VapidIdentity,
    private readonly log: PushLogger,
  ) {}

  /** Sends `notice` to each of the user's subscriptions at once. Never throws (failures are logged). */
  async sendToUser(userId: number, notice: PushNotice): Promise<PushReport> {
    const report: PushReport = { sent: 0, gone: 0, failed: 0 };
    let targets: Awaited<ReturnType<typeof pushTargetsOf>>;
    try {
      targets = await pushTargetsOf(this.db, userId);
    } catch (error) {
      this.log.warn({ userId, err: error }, "push: could not read the subscriptions");
      return report;
    }
    const payload = JSON.stringify(notice);
    await Promise.all(
      targets.map(async (target) => {
        try {
          await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
            vapidDetails: this.vapid,
            TTL: PUSH_TTL_SECONDS,
            urgency: "high",
            topic: PUSH_TOPIC,
            timeout: PUSH_REQUEST_TIMEOUT_MS,
            ...(this.agent ? { agent: this.agent } : {}),
          });
          report.sent += 1;
        } catch (error) {
          const status = error instanceof WebPushError ? error.statusCode : null;
          const where = { userId, subscriptionId: target.id, pushService: serviceHost(target.endpoint), status };
          if (status === 404 || status === 410) {
            report.gone += 1;
            this.log.info(where, "push: subscription gone, deleted");
            await deleteGonePushSubscription(this.db, target.id, target.endpoint).catch((failure: unknown) =>
              this.log.warn({ ...where, err: failure }, "push: could not delete a gone subscription"),
            );
            return;
          }
          report.failed += 1;
          const reason = error instanceof WebPushError ? "push service refused" : ((error as { code?: unknown }).code ?? (error as Error).name);
          this.log.warn({ ...where, reason: String(reason) }, "push: not delivered");
        }
      }),
    );
    return report;
  }
}
