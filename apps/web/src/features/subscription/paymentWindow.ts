/**
 * The payment page opens in a new tab. Browsers only allow a new tab from the click itself, and the
 * payment URL arrives later from the server, so the tab is opened blank in the click handler and
 * pointed at the URL when it arrives (or closed on failure).
 */
export interface PaymentWindow {
  /** Sends the tab to the payment page; without a tab (popup blocked) this page goes there. */
  go(url: string): void;
  /** Closes the blank tab, e.g. when the upgrade call failed. */
  close(): void;
}

/** Only web pages: a misconfigured server must not make us open `javascript:` URLs. */
function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url, window.location.href);
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}

/** Opens the blank tab. Call it synchronously inside the click handler. */
export function openPaymentWindow(): PaymentWindow {
  let tab: Window | null = null;
  try {
    tab = window.open("", "_blank");
  } catch {
    tab = null;
  }
  if (tab) {
    try {
      // The payment site must not be able to script this tab back.
      tab.opener = null;
      tab.document.title = "Opening the payment page…";
      tab.document.body.textContent = "Opening the payment page…";
    } catch {
      // A browser that isolates the new tab refuses this; the tab still works.
    }
  }
  return {
    go(url) {
      if (!isWebUrl(url)) {
        tab?.close();
        throw new Error("The payment link is not a web address");
      }
      if (tab && !tab.closed) tab.location.href = url;
      else window.location.assign(url);
    },
    close() {
      if (tab && !tab.closed) tab.close();
    },
  };
}
