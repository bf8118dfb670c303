/**
 * Audio routes (`docs/api.md`), public and read-only: guests play audio too, and a guest exists
 * only in the browser. Nothing here writes.
 *
 * - `GET /api/audio/local/list/{categoryId}` → `{ files: [{ name, filename, path, ... }], pending }`,
 *   404 for an unknown mood; `pending` lists the mood's catalogue tracks the library render has
 *   still to write (`pendingTracks`; none when no render runs);
 * - `GET /api/audio/stream?path=<mood>/<file>` → the file with range support; paths
 *   that leave the library are refused (see audio/safePath.ts), and so, with 403 and core's
 *   `lockedTracksMessage`, is a file the listener may not play (`listenerMayPlay`: visitors and
 *   guests the Free plan's two Deep Work tracks, the Free plan its three tracks; `docs/product.md`,
 *   Audio).
 */
import { type AudioMoodId, type AudioPendingTrack, audioMoodIdSchema, audioFileListSchema, audioListParamsSchema, audioStreamQuerySchema } from "@focus/core/audio";
import { audioListenerOf, listenerMayPlay, lockedTracksMessage } from "@focus/core/subscription";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listMood } from "../../audio/library";
import { resolveLibraryFile } from "../../audio/safePath";
import { sendAudioFile } from "../../audio/sendFile";
import { HttpError } from "../../httpError";
import { subscriptionOf } from "../../domain/subscription";
import type { Config } from "../../env";
import { routePlugin } from "../../plugins/routePlugin";

export interface AudioRoutesOptions {
  audio: Pick<Config["audio"], "dir">;
  /** The mood's tracks the running library render has still to write; none when it is not running. */
  pendingTracks?: (mood: AudioMoodId) => Promise<AudioPendingTrack[]>;
}

const audioRoutes: FastifyPluginAsyncZod<AudioRoutesOptions> = async (fastify, { audio, pendingTracks }) => {
  fastify.get(
    // `categoryId` is the API's name for the mood id.
    "/local/list/:categoryId",
    { schema: { params: audioListParamsSchema, response: { 200: audioFileListSchema } } },
    async (request) => {
      const mood = audioMoodIdSchema.safeParse(request.params.categoryId);
      if (!mood.success) throw new HttpError(404, "Unknown audio category");
      const [files, pending] = await Promise.all([listMood(audio.dir, mood.data), pendingTracks?.(mood.data) ?? []]);
      // A track being rendered again (another length) is still listed: only what is not there is to come.
      const listed = new Set(files.map((file) => file.path));
      return { files, pending: pending.filter((track) => !listed.has(track.path)) };
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

export default routePlugin(audioRoutes, "audioRoutes");
