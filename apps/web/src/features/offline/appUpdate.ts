/**
 * The state of a new app version (service worker) for the update prompt, fed by
 * `registerServiceWorker` (pwa.ts). Kept apart from the registration so components and tests
 * never load `virtual:pwa-register`.
 */
export interface AppUpdateState {
  /** A new version is installed and waits for the user's go-ahead. */
  waiting: boolean;
  /** The user put the prompt off until the next page load. */
  dismissed: boolean;
}

let state: AppUpdateState = { waiting: false, dismissed: false };
let apply: () => Promise<void> = async () => undefined;
const listeners = new Set<() => void>();

function set(patch: Partial<AppUpdateState>) {
  state = { ...state, ...patch };
  listeners.forEach((listener) => listener());
}

export const appUpdate = {
  getState: (): AppUpdateState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Called by the registration when a new version waits; `activate` switches to it and reloads. */
  offer(activate: () => Promise<void>): void {
    apply = activate;
    set({ waiting: true });
  },
  /** Switches to the new version; the page reloads once it controls the page. */
  accept(): Promise<void> {
    return apply();
  },
  dismiss(): void {
    set({ dismissed: true });
  },
};
