import { EXTENSION_DEVICE_NAME, type ExtensionStatus } from "@focus/core/protocol";
import { linkedDeviceCreatedSchema } from "@focus/core/schemas";
import { api } from "@/lib/api";
import { extensionStatus, sendToExtension } from "./extensionStatus";

/** Pairing the Chrome extension from the page (`docs/product.md`); asking it how it stands is `extensionStatus.ts`. */

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
