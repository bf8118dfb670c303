/**
 * `GET /sounds/{name}.mp3`: the generated notification sounds bell, chime, digital and gentle, from
 * `AUDIO_DIR/sounds/`. Unknown names → 404 JSON; a sound the renderer has not written yet → 503
 * with Retry-After (they are rendered first, within a second or two of the first start).
 */
import { NOTIFICATION_SOUND_FILES } from "@focus/core/audio";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { SOUNDS_FOLDER } from "../../audio/library";
import { resolveLibraryFile } from "../../audio/safePath";
import { sendAudioFile } from "../../audio/sendFile";
import { HttpError } from "../../httpError";
import type { Config } from "../../env";
import { routePlugin } from "../../plugins/routePlugin";

export interface SoundRoutesOptions {
  audio: Pick<Config["audio"], "dir">;
}

const SOUND_FILE = new RegExp(`^(${NOTIFICATION_SOUND_FILES.join("|")})\\.mp3$`);

const soundRoutes: FastifyPluginAsyncZod<SoundRoutesOptions> = async (fastify, { audio }) => {
  const schema = {
    params: z.object({ file: z.string() }),
    description:
      `A notification sound as \`audio/mpeg\` (\`file\`: ${NOTIFICATION_SOUND_FILES.map((name) => `\`${name}.mp3\``).join(", ")}), ` +
      "cached for a day. 404 for another name; 503 with `Retry-After` while it is still being generated.",
  };
  fastify.get("/:file", { schema }, async (request, reply) => {
    const match = SOUND_FILE.exec(request.params.file);
    if (!match) throw new HttpError(404, "Not found");
    const file = await resolveLibraryFile(audio.dir, `${SOUNDS_FOLDER}/${match[1]}.mp3`).catch((error: unknown) => {
      if (error instanceof HttpError && error.statusCode === 404) {
        reply.header("retry-after", "5");
        throw new HttpError(503, "Notification sounds are still being generated");
      }
      throw error;
    });
    return sendAudioFile(request, reply, file, { cacheControl: "public, max-age=86400" });
  });
};

export default routePlugin(soundRoutes, "soundRoutes");
