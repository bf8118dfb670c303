/**
 * The audio library's renderer as a plugin: `fastify.audioLibrary.pendingTracks(mood)` says which
 * of a mood's catalogue tracks the render has still to write. The renderer starts in low-priority
 * worker processes once the server listens (never for `inject()`/`ready()`, so tests and tools
 * that only build the app render nothing) unless AUDIO_RENDER=off, and is stopped when the
 * server closes. The list and stream routes under /api/audio and the notification sounds under
 * /sounds (`routes/audio`) are registered by the app beside it (`app.ts`): an adapter never
 * imports routes.
 */
import type { AudioMoodId, AudioPendingTrack } from "@focus/core/audio";
import fp from "fastify-plugin";
import type { Config } from "../env";
import { type LibraryRenderer, startLibraryRenderer } from "./renderer";

declare module "fastify" {
  interface FastifyInstance {
    audioLibrary: {
      /** The mood's tracks the running library render has still to write; none when it is not running. */
      pendingTracks: (mood: AudioMoodId) => Promise<AudioPendingTrack[]>;
    };
  }
}

export interface AudioPluginOptions {
  config: Pick<Config, "audio">;
}

export default fp<AudioPluginOptions>(
  async (fastify, { config }) => {
    const { audio } = config;
    let renderer: LibraryRenderer | null = null;
    fastify.decorate("audioLibrary", { pendingTracks: async (mood: AudioMoodId) => (renderer ? renderer.pending(mood) : []) });

    if (!audio.render) {
      fastify.log.info({ dir: audio.dir }, "audio library: rendering is off (AUDIO_RENDER=off)");
      return;
    }
    fastify.addHook("onListen", async () => {
      renderer ??= startLibraryRenderer({ dir: audio.dir, trackSeconds: audio.trackSeconds, nice: audio.renderNice ?? undefined, log: fastify.log });
    });
    fastify.addHook("onClose", async () => {
      await renderer?.stop();
    });
  },
  { name: "audio" },
);
