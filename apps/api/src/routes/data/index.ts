/**
 * Data export and import of the logged-in user (`docs/offline.md`), only ever their own data:
 * `GET /api/export?format=json|csv` → 200 attachment: JSON `{ version, exportedAt, settings,
 * sessions }`, or the same data as CSV: a zip with sessions.csv and settings.csv, each with a
 * header row (two tables cannot share one CSV file and stay readable in a spreadsheet);
 * streamed a page of sessions at a time; one export per account at a time on every instance
 * (409; a lease in `rate_counters`), at most
 * EXPORT_SLOTS on an instance (503), EXPORT_RATE_LIMIT per account (429);
 * `POST /api/import` (a previous JSON export; `settings` may be left out) → 200 `{ imported, skipped, settingsApplied }`:
 * sessions merged without duplicates, settings applied. 400 for a document that is not one,
 * 403 over the Free plan's daily limit, 409 past MAX_SESSIONS_PER_USER or while another import
 * of the account runs, 429 (with Retry-After) past IMPORT_RATE_LIMIT.
 */
import { dataExportSchema, exportQuerySchema, importResultSchema } from "@focus/core/schemas";
import { finished, Readable } from "node:stream";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { exportCsvZipChunks, exportJsonChunks, importData, releaseExportLease, takeExportLease } from "../../domain/dataTransfer";
import { HttpError } from "../../httpError";
import { userOf } from "../../plugins/auth";
import { routePlugin } from "../../plugins/routePlugin";

/** Largest import body, bytes (an export of years of daily sessions fits easily). */
export const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

/** Imports per account in a window: an import is a rare, heavy request (`docs/api.md`). */
export const IMPORT_RATE_LIMIT = {
  max: 5,
  timeWindow: "10 minutes",
  // Runs after `authenticate`, so every request here has its user: the limit follows the account, not the address.
  keyGenerator: (request: FastifyRequest) => `import:${request.currentUser?.id ?? request.ip}`,
};

/** Exports per account in a window (each reads the whole history; `docs/api.md`). */
export const EXPORT_RATE_LIMIT = {
  max: 6,
  timeWindow: "10 minutes",
  keyGenerator: (request: FastifyRequest) => `export:${request.currentUser?.id ?? request.ip}`,
};

/** Exports streaming at once on one instance; more answer 503 with Retry-After EXPORT_BUSY_RETRY_S. */
export const EXPORT_SLOTS = 2;
const EXPORT_BUSY_RETRY_S = 30;

/** Yields `chunks`, then awaits `after`, also when the stream is destroyed before its end. */
async function* followedBy<T>(chunks: AsyncGenerator<T>, after: () => Promise<void>): AsyncGenerator<T> {
  try {
    yield* chunks;
  } finally {
    await after();
  }
}

const dataRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.addHook("onRequest", fastify.authenticate);

  const exportDescription =
    "The user's data as a download: `format=json` a JSON document `{ version, exportedAt, settings, sessions }` " +
    "(what `POST /api/import` takes back), `format=csv` a zip with sessions.csv and settings.csv. Streamed a page of " +
    "sessions at a time. 409 while another export of the account runs, 429 past EXPORT_RATE_LIMIT, 503 (with " +
    "Retry-After) while EXPORT_SLOTS exports run on this instance.";
  /** Exports streaming on this instance. */
  let streaming = 0;
  fastify.get(
    "/export",
    { config: { rateLimit: EXPORT_RATE_LIMIT }, schema: { querystring: exportQuerySchema, description: exportDescription } },
    async (request, reply) => {
      const userId = userOf(request).id;
      if (streaming >= EXPORT_SLOTS) {
        reply.header("retry-after", String(EXPORT_BUSY_RETRY_S));
        throw new HttpError(503, "Many exports are being prepared right now. Please try again in a minute.");
      }
      // The slot is taken before anything is awaited, so concurrent requests cannot all pass the check.
      streaming += 1;
      // One per account on every instance: a lease in the database.
      let leased = false;
      try {
        leased = await takeExportLease(fastify.db, userId);
      } finally {
        if (!leased) streaming -= 1;
      }
      if (!leased) throw new HttpError(409, "An export of your data is already being prepared. Please wait for it to finish, then try again.");
      // Released once: after the last chunk (before the response ends, so the next export finds
      // it free), or when the download is cut off.
      let released = false;
      const release = async () => {
        if (released) return;
        released = true;
        streaming -= 1;
        await releaseExportLease(fastify.db, userId).catch((error: unknown) => request.log.warn({ err: error }, "could not release the export lease"));
      };
      finished(reply.raw, () => void release());
      const now = new Date();
      const day = now.toISOString().slice(0, 10);
      // Personal data: never kept by a shared cache.
      reply.header("cache-control", "no-store");
      if (request.query.format === "csv") {
        return reply
          .type("application/zip")
          .header("content-disposition", `attachment; filename="focus-flow-export-${day}.zip"`)
          .send(Readable.from(followedBy(exportCsvZipChunks(fastify.db, userId, now), release)));
      }
      return reply
        .type("application/json; charset=utf-8")
        .header("content-disposition", `attachment; filename="focus-flow-export-${day}.json"`)
        .send(Readable.from(followedBy(exportJsonChunks(fastify.db, userId, now), release)));
    },
  );

  fastify.post(
    "/import",
    { bodyLimit: IMPORT_BODY_LIMIT, config: { rateLimit: IMPORT_RATE_LIMIT }, schema: { body: dataExportSchema, response: { 200: importResultSchema } } },
    async (request) => {
      const user = userOf(request);
      const result = await importData(fastify.db, user, request.body, Date.now(), request.timeZone);
      request.log.info({ userId: user.id, ...result }, "data imported");
      // The user's other devices load what changed.
      if (result.imported > 0) fastify.liveHub.notifyUser(user.id, { type: "sessions_changed" });
      if (result.settingsApplied) fastify.liveHub.notifyUser(user.id, { type: "settings_changed" });
      return result;
    },
  );
};

export default routePlugin(dataRoutes, "dataRoutes");
