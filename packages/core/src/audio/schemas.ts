/**
 * Audio schemas (spec §3 Audio category and Audio track, §7 audio calls), shared by the API's
 * list route and the web app's players.
 */
import { z } from "zod";

/** The four mood categories, in tab order (spec §3 Audio category). */
export const AUDIO_CATEGORY_IDS = ["deep-work", "light-work", "creative", "relax"] as const;
export const audioCategoryIdSchema = z.enum(AUDIO_CATEGORY_IDS);
export type AudioCategoryId = z.infer<typeof audioCategoryIdSchema>;

/** Brainwave bands named by the audio test page and used for the moods' modulation (spec §2). */
export const BRAINWAVE_BANDS = ["delta", "theta", "alpha", "beta", "gamma"] as const;
export const brainwaveBandSchema = z.enum(BRAINWAVE_BANDS);
export type BrainwaveBand = z.infer<typeof brainwaveBandSchema>;

/** A fine-tuning option of a category; every one is 'coming soon' (spec §2 Neural Audio Player). */
export const fineTuningOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** As shown, e.g. "20Hz beta". */
  frequency: z.string(),
  status: z.literal("coming-soon"),
});
export type FineTuningOption = z.infer<typeof fineTuningOptionSchema>;

/** A workflow suggestion of a category (spec §3 Workflow). */
export const audioWorkflowSchema = z.object({
  id: z.string(),
  name: z.string(),
  emoji: z.string(),
  description: z.string(),
});
export type AudioWorkflow = z.infer<typeof audioWorkflowSchema>;

/** The amplitude modulation a generated track carries. */
export const audioModulationSchema = z.object({
  band: brainwaveBandSchema,
  /** Modulation rate, Hz. */
  rateHz: z.number().positive(),
  /** Modulation index (max − min) / (max + min) of the amplitude envelope, 0..1. */
  depth: z.number().min(0).max(1),
});
export type AudioModulation = z.infer<typeof audioModulationSchema>;

/** A mood category (spec §3 Audio category). */
export const audioCategorySchema = z.object({
  id: audioCategoryIdSchema,
  name: z.string(),
  emoji: z.string(),
  description: z.string(),
  /** Accent colour, CSS hex. */
  color: z.string().regex(/^#[0-9a-f]{6}$/i),
  usage: z.string(),
  bestFor: z.array(z.string()).min(1),
  fineTuningOptions: z.array(fineTuningOptionSchema),
  workflows: z.array(audioWorkflowSchema).length(3),
  /** The band and default rate of the category's generated audio (issue #5). */
  modulation: z.object({ band: brainwaveBandSchema, rateHz: z.number().positive() }),
});
export type AudioCategory = z.infer<typeof audioCategorySchema>;

/**
 * One playable file of a category (spec §3 Audio track: name, filename, path). `path` is
 * relative to the audio library and is what `GET /api/audio/stream?path=` takes. Generated
 * tracks also carry their catalogue metadata; the user's own files carry only the three.
 */
export const audioFileSchema = z.object({
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

/** `GET /api/audio/local/list/{categoryId}` (spec §7). */
export const audioFileListSchema = z.object({ files: z.array(audioFileSchema) });
export type AudioFileList = z.infer<typeof audioFileListSchema>;

/** Path parameter of the list call. */
export const audioListParamsSchema = z.object({ categoryId: z.string() });

/** Query of `GET /api/audio/stream` (spec §7: URL-encoded audio file path). */
export const audioStreamQuerySchema = z.object({ path: z.string() });
