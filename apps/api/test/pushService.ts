/**
 * A push service for the push tests: a local HTTP server that plays a browser's push service
 * and the browser behind it. Each subscription it hands out has its own endpoint path and its
 * own ECDH (P-256) key pair and auth secret; a push posted to it is decrypted as the browser
 * would (aes128gcm, with `http_ece`, the library `web-push` encrypts with) and kept with its
 * headers and the moment it arrived. A subscription can be made to answer 410 Gone.
 * It speaks https, as every push service does (web-push sends nothing else), with a
 * self-signed certificate for 127.0.0.1 (`fixtures/push-service.crt`, made once with
 * `openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 36500
 * -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1`); `agent` trusts it.
 */
import { createECDH, randomBytes, type ECDH } from "node:crypto";
import { readFileSync } from "node:fs";
import { Agent, createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import type { PushNotice } from "@focus/core/push";
import { decrypt } from "http_ece";

/** One push as the fake browser received it. */
export interface ReceivedPush {
  /** Which subscription (its endpoint's last path segment). */
  name: string;
  /** The decrypted payload, parsed. */
  notice: PushNotice;
  headers: Record<string, string | string[] | undefined>;
  /** When it arrived, epoch ms. */
  at: number;
}

export interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface FakePushService {
  /** A new subscription (what `PushSubscription.toJSON()` would give) on this service. */
  subscription(name: string): FakeSubscription;
  /** Makes the named subscription answer 410 Gone from now on (the browser unsubscribed). */
  gone(name: string): void;
  received: ReceivedPush[];
  /** An https agent that trusts this service's certificate (give it to the app's push sender). */
  agent: Agent;
  close(): Promise<void>;
}

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/** Starts the fake push service on 127.0.0.1 (a port the system picks). */
export async function startFakePushService(): Promise<FakePushService> {
  const keys = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const goneNames = new Set<string>();
  const received: ReceivedPush[] = [];
  const cert = fixture("push-service.crt");
  const server: Server = createServer({ cert, key: fixture("push-service.key") }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const name = (request.url ?? "").split("/").pop() ?? "";
      const key = keys.get(name);
      if (!key || goneNames.has(name)) {
        response.writeHead(410).end();
        return;
      }
      const plain = decrypt(Buffer.concat(chunks), { version: "aes128gcm", privateKey: key.ecdh, authSecret: key.auth });
      received.push({ name, notice: JSON.parse(plain.toString("utf8")) as PushNotice, headers: request.headers, at: Date.now() });
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ ca: cert, keepAlive: true });
  return {
    subscription(name) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      keys.set(name, { ecdh, auth });
      return { endpoint: `https://127.0.0.1:${port}/push/${name}`, keys: { p256dh: ecdh.getPublicKey("base64url"), auth: auth.toString("base64url") } };
    },
    gone: (name) => void goneNames.add(name),
    received,
    agent,
    close: () => {
      agent.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
