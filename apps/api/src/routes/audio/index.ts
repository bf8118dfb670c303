/**
 * Audio routes (spec §7), public and read-only: guests play audio too, and a guest exists
 * only in the browser (DESIGN.md §8), so there is no session to check. Nothing here writes.
 *
 * - `GET /api/audio/local/list/{categoryId}` → `{ files: [{ name, filename, path, ... }] }`,
 *   404 for an unknown category;
 * - `GET /api/audio/stream?path=<category>/<file>` → the file with range support; paths
 *   that leave the library are refused (see audio/safePath.ts).
 */
import { audioCategoryIdSchema, audioFileListSchema, audioListParamsSchema, audioStreamQuerySchema } from "@focus/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listCategory } from "../../audio/library";
import { resolveLibraryFile } from "../../audio/safePath";
import { sendAudioFile } from "../../audio/sendFile";
import { HttpError } from "../../domain/httpError";
import type { Config } from "../../env";

export interface AudioRoutesOptions {
  audio: Pick<Config["audio"], "dir">;
}

const audioRoutes: FastifyPluginAsyncZod<AudioRoutesOptions> = async (fastify, { audio }) => {
  fastify.get(
    "/local/list/:categoryId",
    { schema: { params: audioListParamsSchema, response: { 200: audioFileListSchema } } },
    async (request) => {
      const category = audioCategoryIdSchema.safeParse(request.params.categoryId);
      if (!category.success) throw new HttpError(404, "Unknown audio category");
      return { files: await listCategory(audio.dir, category.data) };
    },
  );

  fastify.get(
    "/stream",
    { schema: { querystring: audioStreamQuerySchema.partial() } },
    async (request, reply) => {
      const file = await resolveLibraryFile(audio.dir, request.query.path ?? "");
      // User files may be replaced under the same name: revalidate (ETag) every time.
      return sendAudioFile(request, reply, file, { cacheControl: "no-cache" });
    },
  );
};

export default audioRoutes;
