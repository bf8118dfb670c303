import { EXTENSION_ID, type ExtensionExternalMessage, type ExtensionStatus, extensionStatusSchema } from "@focus/core/protocol";

/**
 * Asking the Chrome extension in this browser how it stands (`docs/product.md`, Website Shield).
 * Chrome gives a page `chrome.runtime.sendMessage` only when an installed extension's
 * `externally_connectable` matches it, so its absence means "no extension here". Kept apart from
 * pairing (`extensionBridge.ts`) so the timer's Shield line loads only this.
 */

interface ChromeRuntime {
  sendMessage(extensionId: string, message: unknown, callback: (answer: unknown) => void): void;
  lastError?: { message?: string };
}

/** How long to wait for the extension's answer, ms. */
const ANSWER_TIMEOUT_MS = 5000;

function chromeRuntime(): ChromeRuntime | null {
  const runtime = (window as { chrome?: { runtime?: Partial<ChromeRuntime> } }).chrome?.runtime;
  return typeof runtime?.sendMessage === "function" ? (runtime as ChromeRuntime) : null;
}

/** Sends one message to the extension; null when it is not installed or does not answer. */
export function sendToExtension(message: ExtensionExternalMessage): Promise<ExtensionStatus | null> {
  const runtime = chromeRuntime();
  if (!runtime) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = window.setTimeout(() => resolve(null), ANSWER_TIMEOUT_MS);
    try {
      runtime.sendMessage(EXTENSION_ID, message, (answer) => {
        window.clearTimeout(timer);
        // Reading lastError marks it handled (else Chrome logs it); it means "no such extension".
        if (runtime.lastError) return resolve(null);
        const parsed = extensionStatusSchema.safeParse(answer);
        resolve(parsed.success ? parsed.data : null);
      });
    } catch {
      window.clearTimeout(timer);
      resolve(null);
    }
  });
}

/** The extension in this browser: installed, and how it is linked; null when absent. */
export const extensionStatus = () => sendToExtension({ type: "status" });
