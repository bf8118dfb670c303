/**
 * A `subscribe` for `useSyncExternalStore` over values kept in localStorage: it hears `event`
 * (dispatched on `window` by the code that changed the value in this tab) and the browser's
 * `storage` event (another tab changed it).
 */
export function storageSubscription(event: string): (listener: () => void) => () => void {
  return (listener) => {
    window.addEventListener(event, listener);
    window.addEventListener("storage", listener);
    return () => {
      window.removeEventListener(event, listener);
      window.removeEventListener("storage", listener);
    };
  };
}
