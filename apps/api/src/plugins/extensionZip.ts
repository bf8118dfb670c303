/**
 * `GET /focus-extension.zip` (a zip file at the site root, `docs/api.md`): the Chrome
 * extension as `pnpm build` packs it (EXTENSION_ZIP), public, as a download, with its
 * manifest rewritten for this app's origin, so the downloaded package pairs with the deployment
 * it came from without a rebuild (`docs/architecture.md`, "The extension and its app origin").
 *
 * The origin is PUBLIC_ORIGIN when it is set, whatever the request's Host. Without it, the
 * request's scheme and Host, but only for an address this server is opened at without one: a
 * loopback name (`localhost`, `127.0.0.1`) or one of this machine's own IPv4 addresses, on the
 * server's own port. Any other Host gets 400 `{ message }` saying to set PUBLIC_ORIGIN, so a
 * stream of made-up Host headers cannot make the server build (about 14 ms of CPU each) a
 * package per name. A Host that is no plain `host[:port]` gets 400 too.
 *
 * The built file is looked up on each request, so a build made while the server runs is served
 * at once; without one the answer is 404 `{ message }`. Rewritten packages are kept in memory
 * per origin (at most MAX_CACHED_PACKAGES, the oldest dropped first) until the built file
 * changes. Revalidated with an ETag every time, since a new build keeps the same name.
 */
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";
import { EXTENSION_ZIP_PATH, strictAppOrigin, withAppOrigins, type ExtensionManifestAppFields } from "@focus/core/protocol";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { ownOrigin } from "./originCheck";

export interface ExtensionZipOptions {
  /** Absolute path of the zip. */
  extensionZip: string;
  /** The app's public origin, or null to take it from each request. */
  publicOrigin: string | null;
  /** The port the server was told to listen on (PORT; 0 for any, then the one it got counts). */
  port: number;
}

/** The download's file name. */
const FILE_NAME = EXTENSION_ZIP_PATH.slice(1);

/** How many origins' packages are kept in memory (a server is reached under few names). */
export const MAX_CACHED_PACKAGES = 8;

interface Package {
  bytes: Buffer;
  etag: string;
}

/**
 * The zip `built` with its manifest.json made for `origin` (core `withAppOrigins`); every other
 * file is copied unchanged, in the same order.
 * @throws Error when the zip has no manifest.json or its JSON is not a manifest.
 */
export function packageForOrigin(built: Uint8Array, origin: string): Buffer {
  const files = unzipSync(built);
  const manifestBytes = files["manifest.json"];
  if (!manifestBytes) throw new Error("The extension zip has no manifest.json");
  const manifest = JSON.parse(strFromU8(manifestBytes)) as ExtensionManifestAppFields;
  files["manifest.json"] = strToU8(`${JSON.stringify(withAppOrigins(manifest, [origin]), null, 2)}\n`);
  return Buffer.from(zipSync(files, { level: 9, mtime: new Date("2000-01-01T00:00:00Z") }));
}

/** Host names a server without PUBLIC_ORIGIN is opened at: loopback names and this machine's own IPv4 addresses. */
function ownHostNames(): Set<string> {
  const names = new Set(["localhost", "127.0.0.1"]);
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) if (address.family === "IPv4") names.add(address.address);
  }
  return names;
}

/**
 * Whether `origin` (a strict app origin) is an address of this server when no PUBLIC_ORIGIN is
 * set: one of `ownHostNames` on one of `ports`.
 */
export function isOwnLocalOrigin(origin: string, ports: ReadonlySet<number>): boolean {
  const url = new URL(origin);
  const port = url.port === "" ? (url.protocol === "https:" ? 443 : 80) : Number(url.port);
  return ports.has(port) && ownHostNames().has(url.hostname);
}

const extensionZipPlugin: FastifyPluginAsync<ExtensionZipOptions> = async (fastify, { extensionZip, publicOrigin, port }) => {
  /** The configured port, and the one the server listens on (they differ when PORT is 0). */
  const ownPorts = (): Set<number> => {
    const address = fastify.server.address() as AddressInfo | string | null;
    return new Set([port, ...(address !== null && typeof address === "object" ? [address.port] : [])]);
  };
  /** Packages by origin, for the built file `builtVersion` names. */
  const cache = new Map<string, Package>();
  let builtVersion = "";

  fastify.get(EXTENSION_ZIP_PATH, async (request, reply) => {
    const file = await stat(extensionZip).catch(() => null);
    if (!file?.isFile()) {
      return reply.code(404).send({ message: "The extension is not built on this server (run `pnpm build`)" });
    }
    const origin = strictAppOrigin(ownOrigin(request, publicOrigin));
    if (origin === null) {
      return reply.code(400).send({ message: "The extension can only be downloaded from an http(s) address with a plain host name" });
    }
    if (publicOrigin === null && !cache.has(origin) && !isOwnLocalOrigin(origin, ownPorts())) {
      return reply.code(400).send({
        message: `This server does not know its public address, so it cannot make the extension for ${origin}. Set PUBLIC_ORIGIN to the address people open Focus Flow at and restart, or download it from http://localhost:${port}.`,
      });
    }
    const version = `${file.size}-${file.mtimeMs}`;
    if (version !== builtVersion) {
      cache.clear();
      builtVersion = version;
    }
    let pkg = cache.get(origin);
    if (!pkg) {
      const bytes = packageForOrigin(await readFile(extensionZip), origin);
      pkg = { bytes, etag: `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"` };
      if (cache.size >= MAX_CACHED_PACKAGES) cache.delete(cache.keys().next().value as string);
      cache.set(origin, pkg);
    }
    reply
      .header("cache-control", "no-cache")
      .header("etag", pkg.etag)
      .header("last-modified", file.mtime.toUTCString())
      .header("vary", "Host")
      .header("content-disposition", `attachment; filename="${FILE_NAME}"`);
    if (request.headers["if-none-match"]?.split(",").some((tag) => tag.trim() === pkg.etag)) return reply.code(304).send();
    return reply.type("application/zip").header("content-length", pkg.bytes.length).send(pkg.bytes);
  });
};

export default fp(extensionZipPlugin, { name: "extension-zip" });
