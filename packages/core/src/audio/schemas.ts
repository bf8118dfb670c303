/**
 * Audio schemas (moods, tracks and the audio calls), shared by the API's list route and the
 * web app's players.
 */
import { z } from "zod";

/** The four moods, in tab order (`docs/product.md`, Audio). */
export const AUDIO_MOOD_IDS = ["deep-work", "light-work", "creative", "relax"] as const;
export const audioMoodIdSchema = z.enum(AUDIO_MOOD_IDS);
export type AudioMoodId = z.infer<typeof audioMoodIdSchema>;

/** Brainwave bands named by the audio test page and used for the moods' modulation. */
const BRAINWAVE_BANDS = ["delta", "theta", "alpha", "beta", "gamma"] as const;
const brainwaveBandSchema = z.enum(BRAINWAVE_BANDS);
export type BrainwaveBand = z.infer<typeof brainwaveBandSchema>;

/** A fine-tuning option of a mood; every one is 'coming soon'. */
const fineTuningOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** As shown, e.g. "20Hz beta". */
  frequency: z.string(),
  status: z.literal("coming-soon"),
});

/** A workflow suggestion of a mood. */
const audioWorkflowSchema = z.object({
  id: z.string(),
  name: z.string(),
  emoji: z.string(),
  description: z.string(),
});

/** The amplitude modulation a generated track carries. */
const audioModulationSchema = z.object({
  band: brainwaveBandSchema,
  /** Modulation rate, Hz. */
  rateHz: z.number().positive(),
  /** Modulation index (max − min) / (max + min) of the amplitude envelope, 0..1. */
  depth: z.number().min(0).max(1),
});

/** A mood, as every screen shows it. */
export const audioMoodSchema = z.object({
  id: audioMoodIdSchema,
  name: z.string(),
  emoji: z.string(),
  description: z.string(),
  /** Accent colour, CSS hex. */
  color: z.string().regex(/^#[0-9a-f]{6}$/i),
  usage: z.string(),
  bestFor: z.array(z.string()).min(1),
  fineTuningOptions: z.array(fineTuningOptionSchema),
  workflows: z.array(audioWorkflowSchema).length(3),
  /** The band and default rate of the mood's generated audio (`packages/audio/README.md`). */
  modulation: z.object({ band: brainwaveBandSchema, rateHz: z.number().positive() }),
});
export type AudioMood = z.infer<typeof audioMoodSchema>;

/**
 * One playable file of a mood (name, filename, path). `path` is relative to the audio library and
 * is what `GET /api/audio/stream?path=` takes. Generated tracks also carry their catalogue
 * metadata; the user's own files carry only the three.
 */
const audioFileSchema = z.object({
  name: z.string(),
  filename: z.string(),
  path: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  durationSeconds: z.number().positive().optional(),
  modulation: audioModulationSchema.optional(),
  generated: z.boolean().optional(),
});
export type AudioFile = z.infer<typeof audioFileSchema>;

/** A generated track the server is still rendering: it will be listed once written. */
const audioPendingTrackSchema = z.object({
  title: z.string(),
  filename: z.string(),
  /** Where it will be, as `AudioFile.path`. */
  path: z.string(),
});
export type AudioPendingTrack = z.infer<typeof audioPendingTrackSchema>;

/**
 * `GET /api/audio/local/list/{categoryId}` (`docs/api.md`): the mood's files, and `pending`, the
 * catalogue tracks of the mood the library render has still to write, in render order (empty when
 * no render runs; `docs/product.md`, Audio). An answer without `pending` reads as none.
 */
export const audioFileListSchema = z.object({
  files: z.array(audioFileSchema),
  pending: z.array(audioPendingTrackSchema).default([]),
});
export type AudioFileList = z.infer<typeof audioFileListSchema>;

/** Path parameter of the list call: a mood id; `categoryId` is the API's name for it. */
export const audioListParamsSchema = z.object({ categoryId: z.string() });

/** Query of `GET /api/audio/stream`: the URL-encoded audio file path. */
export const audioStreamQuerySchema = z.object({ path: z.string() });
