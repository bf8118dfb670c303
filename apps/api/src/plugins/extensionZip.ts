/**
 * `GET /focus-extension.zip` (a zip file at the site root, `docs/api.md`): the Chrome
 * extension as `pnpm build` packs it (EXTENSION_ZIP), public, as a download.
 * The file is looked up on each request, so a build made while the server runs is served at
 * once; without one the answer is 404 `{ message }`. Revalidated with an ETag every time, since
 * a new build keeps the same name.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { EXTENSION_ZIP_PATH } from "@focus/core";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";

export interface ExtensionZipOptions {
  /** Absolute path of the zip. */
  extensionZip: string;
}

/** The download's file name. */
const FILE_NAME = EXTENSION_ZIP_PATH.slice(1);

const extensionZipPlugin: FastifyPluginAsync<ExtensionZipOptions> = async (fastify, { extensionZip }) => {
  fastify.get(EXTENSION_ZIP_PATH, async (request, reply) => {
    const file = await stat(extensionZip).catch(() => null);
    if (!file?.isFile()) {
      return reply.code(404).send({ message: "The extension is not built on this server (run `pnpm build`)" });
    }
    const etag = `"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}"`;
    reply
      .header("cache-control", "no-cache")
      .header("etag", etag)
      .header("last-modified", file.mtime.toUTCString())
      .header("content-disposition", `attachment; filename="${FILE_NAME}"`);
    if (request.headers["if-none-match"]?.split(",").some((tag) => tag.trim() === etag)) return reply.code(304).send();
    return reply.type("application/zip").header("content-length", file.size).send(createReadStream(extensionZip));
  });
};

export default fp(extensionZipPlugin, { name: "extension-zip" });
