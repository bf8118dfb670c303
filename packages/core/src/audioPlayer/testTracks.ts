import type { AudioCategoryId, AudioFile } from "../audio/schemas";

/** `n` fake files of a category, as the list call returns them. */
export function fakeTracks(category: AudioCategoryId, n: number): AudioFile[] {
  return Array.from({ length: n }, (_, i) => ({ name: `${category} ${i + 1}`, filename: `t${i + 1}.mp3`, path: `${category}/t${i + 1}.mp3` }));
}
