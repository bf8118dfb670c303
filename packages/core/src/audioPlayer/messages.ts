/** The audio players' user-facing strings (spec §2, §8), word for word. */
export const AUDIO_MESSAGES = {
  loadFailed: "Failed to load audio tracks",
  playbackError: "Audio playback error",
  playFailed: "Failed to play audio",
  resumeFailed: "Failed to resume audio",
  /** The local player's empty category (spec §2 Local audio player). */
  emptyCategory: "No tracks available for this category",
  /** The guest note of the mood players (spec §2 Neural Audio Player). */
  guestNote: "Guest mode: Only Deep Work flow available. Register for full access to all neural audio patterns.",
} as const;

/** 'No tracks available for {category}' (spec §8), with the category's name. */
export function noTracksMessage(categoryName: string): string {
  return `No tracks available for ${categoryName}`;
}
