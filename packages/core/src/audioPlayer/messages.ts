/** The audio players' user-facing strings, word for word. */
export const AUDIO_MESSAGES = {
  loadFailed: "Failed to load audio tracks",
  playbackError: "Audio playback error",
  playFailed: "Failed to play audio",
  resumeFailed: "Failed to resume audio",
  /** The local player's message for a mood with no tracks (user-visible wording, kept as is). */
  emptyMood: "No tracks available for this category",
  /** The guest note of the mood players. */
  guestNote: "Guest mode: Only Deep Work flow available. Register for full access to all neural audio patterns.",
} as const;

/** 'No tracks available for {mood}', with the mood's name. */
export function noTracksMessage(moodName: string): string {
  return `No tracks available for ${moodName}`;
}

/**
 * 'Preparing more {mood} tracks': what a mood says while the server still renders some of its
 * tracks (the list's `pending`; `docs/product.md`, Audio), instead of an empty mood.
 */
export function preparingTracksMessage(moodName: string): string {
  return `Preparing more ${moodName} tracks`;
}
