/**
 * Text other people (or the admin) will read must show what it says (`docs/product.md`, Limits
 * and validation): room names and statuses, task titles, device names and cancellation reasons
 * refuse the characters that change how text looks without being seen.
 *
 * - Direction controls: U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069 (they can reverse
 *   the text that follows, e.g. make "gpj.exe" read "exe.jpg").
 * - Invisible characters: U+200B zero-width space, U+2060-U+2064, U+FEFF, U+180E, U+00AD soft
 *   hyphen, U+034F, and the Hangul fillers U+115F, U+1160, U+3164, U+FFA0 (they make two names
 *   look alike, or a name look empty).
 * - The zero-width joiner U+200D only inside an emoji sequence (👩‍💻 keeps it), and the
 *   zero-width non-joiner U+200C only between letters of scripts that need it (Persian
 *   "می‌خواهم" keeps it); beside Latin, Greek or Cyrillic letters, or anything else, they are
 *   refused too.
 */

const ALWAYS_REFUSED = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u200B\u2060-\u2064\uFEFF\u180E\u00AD\u115F\u1160\u3164\uFFA0]|\u034F/u; // U+034F combines, so it stays outside the class
/** A joiner with an emoji (and its optional variation selector) before it and an emoji after. */
const JOINER_IN_EMOJI = /(?<=\p{Extended_Pictographic}\uFE0F?|\p{Emoji_Modifier})\u200D(?=\p{Extended_Pictographic})/gu;
/** A non-joiner between two letters, neither of them Latin, Greek or Cyrillic. */
const NON_JOINER_IN_WORD =
  /(?<=\p{L}\p{M}*)(?<!(?:\p{Script=Latin}|\p{Script=Greek}|\p{Script=Cyrillic})\p{M}*)\u200C(?=\p{L})(?!\p{Script=Latin}|\p{Script=Greek}|\p{Script=Cyrillic})/gu;

/** Whether `text` holds a direction control or an invisible character, as the module comment lists them. */
export function hasHiddenCharacters(text: string): boolean {
  if (ALWAYS_REFUSED.test(text)) return true;
  const rest = text.replace(JOINER_IN_EMOJI, "").replace(NON_JOINER_IN_WORD, "");
  return rest.includes("\u200D") || rest.includes("\u200C");
}

/** The message for a field that holds one: "Task title must not contain invisible or text-direction characters". */
export function hiddenCharactersMessage(field: string): string {
  return `${field} must not contain invisible or text-direction characters`;
}

/** A zod `refine` pair for `field`: `schema.refine(...showsWhatItSays("Device name"))`. */
export function showsWhatItSays(field: string): [(text: string) => boolean, string] {
  return [(text) => !hasHiddenCharacters(text), hiddenCharactersMessage(field)];
}
