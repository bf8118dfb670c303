import type { AudioMoodId, AudioFile } from "../audio/schemas";

/** `n` fake files of a mood, as the list call returns them. */
export function fakeTracks(mood: AudioMoodId, n: number): AudioFile[] {
  return Array.from({ length: n }, (_, i) => ({ name: `${mood} ${i + 1}`, filename: `t${i + 1}.mp3`, path: `${mood}/t${i + 1}.mp3` }));
}
