/**
 * Runtime messages, validated with zod and answered from one table per channel:
 * `external` for pages of the web app (`externally_connectable`: pair, unpair,
 * status), `internal` for the extension's own popup and blocked page. A message that does not
 * parse, has an unknown type or comes from the wrong sender is ignored: no answer, no effect.
 * A page is the right sender only when its origin is one of the package's app origins (the
 * manifest's `externally_connectable` already says so to Chrome; this checks it again).
 */
import { extensionExternalMessageSchema, type ExtensionExternalMessage, type ExtensionStatus } from "@focus/core";
import { z } from "zod";
import type { MessageListener, MessageSender } from "./chromeAdapter";
import type { PopupState, Worker } from "./worker";

/** The commands the popup sends to the web app's timer (a subset of the live `command` actions). */
export const POPUP_COMMANDS = ["start", "pause", "reset"] as const;
export type PopupCommand = (typeof POPUP_COMMANDS)[number];

/** Messages from the extension's own pages. */
export const internalMessageSchema = z.discriminatedUnion("type", [
  /** The popup and the blocked page ask for the current state (this also wakes the worker). */
  z.object({ type: z.literal("get_state") }),
  /** The popup's start/pause/reset, sent on to the web app's timer over the live connection. */
  z.object({ type: z.literal("command"), action: z.enum(POPUP_COMMANDS) }),
  /** The blocked page was opened by a blocked navigation: count it. */
  z.object({ type: z.literal("blocked_attempt"), domain: z.string().min(1).max(253), at: z.iso.datetime({ offset: true }) }),
]);
export type InternalMessage = z.infer<typeof internalMessageSchema>;

/** One handler per message type, each given its own narrowed message. */
export type HandlerTable<M extends { type: string }> = {
  [K in M["type"]]: (message: Extract<M, { type: K }>, sender: MessageSender) => Promise<unknown> | undefined;
};

/**
 * A message listener over a handler table: parses the message with `schema`, checks the sender
 * with `accept`, and calls the handler of its type. Anything else is ignored (undefined).
 */
export function createDispatcher<M extends { type: string }>(
  schema: z.ZodType<M>,
  table: HandlerTable<M>,
  accept: (sender: MessageSender) => boolean,
): MessageListener {
  return (raw, sender) => {
    if (!accept(sender)) return undefined;
    const parsed = schema.safeParse(raw);
    if (!parsed.success) return undefined;
    const message = parsed.data;
    const handler = table[message.type as M["type"]] as (message: M, sender: MessageSender) => Promise<unknown> | undefined;
    return handler(message, sender);
  };
}

/** The http(s) origin of the web page that sent a message, or null. */
export function senderOrigin(sender: MessageSender): string | null {
  let origin = sender.origin && sender.origin !== "null" ? sender.origin : null;
  if (origin === null && sender.url) {
    try {
      origin = new URL(sender.url).origin;
    } catch {
      origin = null;
    }
  }
  return origin !== null && /^https?:\/\//.test(origin) ? origin : null;
}

/**
 * Handlers for pages of the web app. A page may pair the extension only with its own origin
 * (the token it hands over was issued there), and unpair only a pairing made from its origin.
 */
export function externalHandlers(worker: Worker): HandlerTable<ExtensionExternalMessage> {
  return {
    pair: (message, sender): Promise<ExtensionStatus> | undefined => {
      const origin = senderOrigin(sender);
      if (origin === null || origin !== message.apiOrigin) return undefined;
      return worker.pair(message.token, message.apiOrigin);
    },
    unpair: (_message, sender) => {
      const origin = senderOrigin(sender);
      return origin === null ? undefined : worker.unpair(origin);
    },
    status: (_message, sender) => {
      const origin = senderOrigin(sender);
      return origin === null ? undefined : worker.status(origin);
    },
  };
}

/** Handlers for the popup and the blocked page. */
export function internalHandlers(worker: Worker): HandlerTable<InternalMessage> {
  return {
    get_state: (): Promise<PopupState> => worker.popupState(),
    command: (message) => worker.command(message.action),
    blocked_attempt: (message) => worker.reportAttempt(message.domain, message.at),
  };
}

/**
 * The two listeners the service worker registers: `external` answers pages whose origin is one
 * of `appOrigins` (normalized origins, config.ts `appConfigFrom`), `internal` answers pages of the
 * extension `extensionId`.
 */
export function createListeners(
  worker: Worker,
  extensionId: string,
  appOrigins: readonly string[],
): { external: MessageListener; internal: MessageListener } {
  const allowed = new Set(appOrigins);
  const fromApp = (sender: MessageSender) => {
    const origin = senderOrigin(sender);
    return origin !== null && allowed.has(origin);
  };
  return {
    external: createDispatcher(extensionExternalMessageSchema, externalHandlers(worker), fromApp),
    internal: createDispatcher(internalMessageSchema, internalHandlers(worker), (sender) => sender.id === extensionId),
  };
}
