/**
 * App-wide document events: `change-tab` switches the main view's tab, `show-auth` sends the user
 * to /auth?tab={action}, `focus-audio-toggle-mute` mutes or unmutes the audio player.
 */

/** Tab ids of the main view, in display order. */
export const APP_TABS = ["timer", "music", "block", "stats", "settings"] as const;
export type AppTab = (typeof APP_TABS)[number];

/** Actions of `show-auth`: the /auth tab to open. */
export const AUTH_ACTIONS = ["login", "register"] as const;
export type AuthAction = (typeof AUTH_ACTIONS)[number];

export const CHANGE_TAB_EVENT = "change-tab";
export const SHOW_AUTH_EVENT = "show-auth";

/**
 * The document event the `m` shortcut dispatches: the audio player listens for it and mutes or
 * unmutes itself (the shortcuts know nothing of the audio code).
 */
export const TOGGLE_MUTE_EVENT = "focus-audio-toggle-mute";

export type ChangeTabDetail = { tab: AppTab };
export type ShowAuthDetail = { action: AuthAction };

/** Whether a value is one of the main view's tab ids. */
export function isAppTab(value: unknown): value is AppTab {
  return typeof value === "string" && (APP_TABS as readonly string[]).includes(value);
}

/** Whether a value is an /auth tab name. */
export function isAuthAction(value: unknown): value is AuthAction {
  return typeof value === "string" && (AUTH_ACTIONS as readonly string[]).includes(value);
}

/** Switches the main view to a tab, e.g. `dispatchChangeTab("stats")` from 'View Full Stats'. */
export function dispatchChangeTab(tab: AppTab): void {
  document.dispatchEvent(new CustomEvent<ChangeTabDetail>(CHANGE_TAB_EVENT, { detail: { tab } }));
}

/** Sends the user to /auth with the given tab open, e.g. `dispatchShowAuth("register")`. */
export function dispatchShowAuth(action: AuthAction): void {
  document.dispatchEvent(new CustomEvent<ShowAuthDetail>(SHOW_AUTH_EVENT, { detail: { action } }));
}

/** Listens for a document CustomEvent and hands over its detail; returns the unsubscribe. */
export function onDocumentEvent(name: string, handler: (detail: unknown) => void): () => void {
  const listener = (event: Event) => handler((event as CustomEvent<unknown>).detail);
  document.addEventListener(name, listener);
  return () => document.removeEventListener(name, listener);
}
