/**
 * Audio routes (`docs/api.md`), public and read-only: guests play audio too, and a guest exists
 * only in the browser. Nothing here writes.
 *
 * - `GET /api/audio/local/list/{categoryId}` → `{ files: [{ name, filename, path, ... }] }`,
 *   404 for an unknown mood;
 * - `GET /api/audio/stream?path=<mood>/<file>` → the file with range support; paths
 *   that leave the library are refused (see audio/safePath.ts), and so, with 403 and core's
 *   `lockedTracksMessage`, is a file the listener may not play (`listenerMayPlay`: visitors and
 *   guests the Free plan's two Deep Work tracks, the Free plan its three tracks; `docs/product.md`,
 *   Audio).
 */
import { audioMoodIdSchema, audioFileListSchema, audioListParamsSchema, audioStreamQuerySchema } from "@focus/core/audio";
import { audioListenerOf, listenerMayPlay, lockedTracksMessage } from "@focus/core/subscription";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listMood } from "../../audio/library";
import { resolveLibraryFile } from "../../audio/safePath";
import { sendAudioFile } from "../../audio/sendFile";
import { HttpError } from "../../domain/httpError";
import { subscriptionOf } from "../../domain/subscription";
import type { Config } from "../../env";

export interface AudioRoutesOptions {
  audio: Pick<Config["audio"], "dir">;
}

const audioRoutes: FastifyPluginAsyncZod<AudioRoutesOptions> = async (fastify, { audio }) => {
  fastify.get(
    // `categoryId` is the API's name for the mood id.
    "/local/list/:categoryId",
    { schema: { params: audioListParamsSchema, response: { 200: audioFileListSchema } } },
    async (request) => {
      const mood = audioMoodIdSchema.safeParse(request.params.categoryId);
      if (!mood.success) throw new HttpError(404, "Unknown audio category");
      return { files: await listMood(audio.dir, mood.data) };
    },
  );

  fastify.get(
    "/stream",
    {
      onRequest: fastify.identify,
      schema: {
        querystring: audioStreamQuerySchema.partial(),
        description:
          "The audio file at `path` (`<mood>/<file>`, as the list gives it), with its audio content type, an ETag " +
          "and Range support (206 with `Content-Range`). 403 `{ message }` for a track the listener's plan does not " +
          "include (visitors and guests: Steady Beta and Deep Current; the Free plan: its three tracks); 400 for a malformed path or a file " +
          "that is no supported audio, 403 for one that leads outside the library, 404 when absent.",
      },
    },
    async (request, reply) => {
      const path = request.query.path ?? "";
      const file = await resolveLibraryFile(audio.dir, path);
      const user = request.currentUser;
      const listener = audioListenerOf(user ? subscriptionOf(user) : null, Date.now());
      if (!listenerMayPlay(listener, path)) throw new HttpError(403, lockedTracksMessage(listener) ?? "This track is locked.");
      // User files may be replaced under the same name: revalidate (ETag) every time.
      return sendAudioFile(request, reply, file, { cacheControl: "no-cache" });
    },
  );
};

export default audioRoutes;
