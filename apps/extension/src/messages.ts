/**
 * Runtime messages, validated with zod and answered from one table per channel:
 * `external` for pages of the web app (`externally_connectable`: pair, unpair,
 * status), `internal` for the extension's own popup and blocked page. A message that does not
 * parse, has an unknown type or comes from the wrong sender is ignored: no answer, no effect.
 * A page is the right sender only when its origin is one of the package's app origins (the
 * manifest's `externally_connectable` already says so to Chrome; this checks it again).
 * A blocked attempt is taken only from the blocked page itself, loaded as a tab's top-level
 * page with the redirect key in its address (what Chrome says of the sender, not what the
 * message claims); the worker then checks the key (redirectKey.ts).
 */
import { extensionExternalMessageSchema, type ExtensionExternalMessage, type ExtensionStatus } from "@focus/core/protocol";
import { z } from "zod";
import type { MessageListener, MessageSender } from "./chromeAdapter";
import { BLOCKED_PAGE_PATH, type BlockedPageQuery, readBlockedPageQuery, REDIRECT_KEY_PATTERN } from "./rules";
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
  /** The blocked page was opened by a blocked navigation: count it, with the key its redirect gave it. */
  /** A delay page's choice: go on to the site after the countdown (`pass`) or back to focus (`turned_back`). */
  z.object({
    type: z.literal("delay_choice"),
    choice: z.enum(["pass", "turned_back"]),
    domain: z.string().min(1).max(253),
    entry: z.string().min(1).max(500),
    at: z.iso.datetime({ offset: true }),
    key: z.string().regex(REDIRECT_KEY_PATTERN),
  }),
  z.object({
    type: z.literal("blocked_attempt"),
    domain: z.string().min(1).max(253),
    at: z.iso.datetime({ offset: true }),
    key: z.string().regex(REDIRECT_KEY_PATTERN),
  }),
  /** A delay page is on screen: its wait starts now, on the worker's clock. */
  z.object({ type: z.literal("delay_shown"), key: z.string().regex(REDIRECT_KEY_PATTERN) }),
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
 * The blocked page of extension `extensionId` as the sender of a message: its query and its
 * document id, when Chrome says the sender is that page, loaded as the top-level page of a tab
 * (not framed by another page), with a document id. Null for any other sender.
 */
export function blockedPageSender(sender: MessageSender, extensionId: string): { query: BlockedPageQuery; documentId: string } | null {
  if (sender.id !== extensionId || !sender.url || sender.frameId !== 0 || !sender.documentId) return null;
  let url: URL;
  try {
    url = new URL(sender.url);
  } catch {
    return null;
  }
  if (url.protocol !== "chrome-extension:" || url.host !== extensionId || url.pathname !== `/${BLOCKED_PAGE_PATH}`) return null;
  return { query: readBlockedPageQuery(url.search), documentId: sender.documentId };
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

/**
 * Handlers for the popup and the blocked page of extension `extensionId`. A blocked attempt
 * must come from the blocked page (blockedPageSender) and name the domain and key of its address.
 */
export function internalHandlers(worker: Worker, extensionId: string): HandlerTable<InternalMessage> {
  return {
    get_state: (): Promise<PopupState> => worker.popupState(),
    command: (message) => worker.command(message.action),
    blocked_attempt: (message, sender) => {
      const page = blockedPageSender(sender, extensionId);
      if (page === null || page.query.key !== message.key || page.query.domain !== message.domain) return undefined;
      return worker.reportAttempt({ domain: message.domain, at: message.at, key: message.key, documentId: page.documentId });
    },
    delay_shown: (message, sender) => {
      const page = blockedPageSender(sender, extensionId);
      if (page === null || page.query.key !== message.key || !page.query.delay) return undefined;
      return worker.delayShown(message.key, page.documentId);
    },
    delay_choice: (message, sender) => {
      const page = blockedPageSender(sender, extensionId);
      if (page === null || page.query.key !== message.key || page.query.domain !== message.domain || page.query.entry !== message.entry) return undefined;
      return worker.delayChoice({ ...message, documentId: page.documentId });
    },
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
    internal: createDispatcher(internalMessageSchema, internalHandlers(worker, extensionId), (sender) => sender.id === extensionId),
  };
}
