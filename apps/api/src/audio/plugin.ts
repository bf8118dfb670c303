/**
 * The audio domain as one plugin: the list and stream routes under /api/audio, the notification
 * sounds under /sounds, and the library renderer, which starts in low-priority worker processes
 * once the server listens (never for `inject()`/`ready()`, so tests and tools that only build the
 * app render nothing) unless AUDIO_RENDER=off, and is stopped when the server closes. While it
 * runs, the list route says which tracks are still to come.
 */
import type { AudioMoodId } from "@focus/core/audio";
import type { FastifyPluginAsync } from "fastify";
import type { Config } from "../env";
import audioRoutes from "../routes/audio";
import soundRoutes from "../routes/audio/sounds";
import { type LibraryRenderer, startLibraryRenderer } from "./renderer";

export interface AudioPluginOptions {
  config: Pick<Config, "audio">;
}

const audioPlugin: FastifyPluginAsync<AudioPluginOptions> = async (fastify, { config }) => {
  const { audio } = config;
  let renderer: LibraryRenderer | null = null;
  const pendingTracks = async (mood: AudioMoodId) => (renderer ? renderer.pending(mood) : []);
  await fastify.register(audioRoutes, { prefix: "/api/audio", audio, pendingTracks });
  await fastify.register(soundRoutes, { prefix: "/sounds", audio });

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
};

export default audioPlugin;
