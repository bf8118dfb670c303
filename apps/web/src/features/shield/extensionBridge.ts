import { EXTENSION_DEVICE_NAME, EXTENSION_ID, type ExtensionExternalMessage, type ExtensionStatus, extensionStatusSchema } from "@focus/core/protocol";
import { linkedDeviceCreatedSchema } from "@focus/core/schemas";
import { api } from "@/lib/api";

/**
 * Talking to the Chrome extension from the page (pairing, `docs/product.md`). Chrome gives a page
 * `chrome.runtime.sendMessage` only when an installed extension's `externally_connectable` matches
 * it, so its absence means "no extension here".
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

/** Thrown by `pairExtension` with a message to show. */
export class PairingError extends Error {
  override readonly name = "PairingError";
}

/**
 * Pairs the extension with the signed-in account: checks it is there, asks the API for a
 * device token (`POST /api/linked-devices`) and hands the token over. The extension fetches
 * the blocklist itself with it. If the extension refuses, the new device is removed again.
 */
export async function pairExtension(): Promise<ExtensionStatus> {
  if (!(await extensionStatus())) {
    throw new PairingError("The Focus Flow extension isn't installed in this browser. Install it from the Extension page, then try again.");
  }
  const device = linkedDeviceCreatedSchema.parse(await api.post("/api/linked-devices", { name: EXTENSION_DEVICE_NAME }));
  const answer = await sendToExtension({ type: "pair", token: device.token, apiOrigin: window.location.origin });
  if (!answer || answer.error) {
    await api.delete(`/api/linked-devices/${device.id}`).catch(() => undefined);
    throw new PairingError(answer?.error ?? "The extension did not answer. Reload it on chrome://extensions and try again.");
  }
  return answer;
}
