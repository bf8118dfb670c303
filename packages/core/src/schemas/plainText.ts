/**
 * Text other people (or the admin) will read must show what it says (`docs/product.md`, Limits
 * and validation): room names and statuses, task titles, intentions, device names and
 * cancellation reasons refuse the characters that change how text looks without being seen.
 * One rule, on Unicode's own properties, so a character added to Unicode later is covered too:
 *
 * - Format characters (`\p{Cf}`): the direction controls (U+061C, U+200E, U+200F, U+202A-U+202E,
 *   U+2066-U+2069, which can make "gpj.exe" read "exe.jpg"), the zero-width space and word
 *   joiners (U+200B, U+2060-U+2064, U+FEFF), the soft hyphen, U+206A-U+206F, U+FFF9-U+FFFB, the
 *   musical format characters (U+1D173-U+1D17A) and tag characters (U+E0000-U+E007F), except the
 *   tags of a subdivision flag (🏴 followed by tags ending with U+E007F).
 * - Private-use (`\p{Co}`), unassigned (`\p{Cn}`) and control characters (`\p{Cc}`, but tab and
 *   line breaks), and the line and paragraph separators U+2028, U+2029.
 * - Letters and marks known to show as nothing: U+034F, U+115F, U+1160, U+17B4, U+17B5,
 *   U+180B-U+180F, U+2800 (the blank braille pattern), U+3164, U+FFA0.
 * - More than 4 combining marks in a row (text that spills over the lines around it).
 * - The zero-width joiner U+200D is kept only inside an emoji sequence (👩‍💻), and the
 *   zero-width non-joiner U+200C only between letters of scripts that need it (Persian
 *   "می‌خواهم"); beside Latin, Greek or Cyrillic letters, or anything else, they are refused too.
 */

// Combining marks stand alone in the alternation: inside a character class they would combine with the character before them.
const REFUSED = /[\p{Cf}\p{Co}\p{Cn}\u2028\u2029\u115F\u1160\u2800\u3164\uFFA0]|\u034F|\u17B4|\u17B5|\u180B|\u180C|\u180D|\u180F|(?![\t\n\r])\p{Cc}/u;
/** More than 4 combining marks in a row. */
const STACKED_MARKS = /\p{M}{5,}/u;
/** A subdivision flag: 🏴, tag letters, the cancel tag (England's, Scotland's, Wales's flags). */
const FLAG_TAGS = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/gu;
/** A joiner with an emoji (and its optional variation selector) before it and an emoji after. */
const JOINER_IN_EMOJI = /(?<=\p{Extended_Pictographic}\uFE0F?|\p{Emoji_Modifier})\u200D(?=\p{Extended_Pictographic})/gu;
/** A non-joiner between two letters, neither of them Latin, Greek or Cyrillic. */
const NON_JOINER_IN_WORD =
  /(?<=\p{L}\p{M}*)(?<!(?:\p{Script=Latin}|\p{Script=Greek}|\p{Script=Cyrillic})\p{M}*)\u200C(?=\p{L})(?!\p{Script=Latin}|\p{Script=Greek}|\p{Script=Cyrillic})/gu;

/** Whether `text` holds a character that does not show what it does, as the module comment lists them. */
export function hasHiddenCharacters(text: string): boolean {
  const rest = text.replace(FLAG_TAGS, "\u{1F3F4}").replace(JOINER_IN_EMOJI, "").replace(NON_JOINER_IN_WORD, "");
  return REFUSED.test(rest) || STACKED_MARKS.test(rest);
}

/** The message for a field that holds one: "Task title must not contain invisible or text-direction characters". */
function hiddenCharactersMessage(field: string): string {
  return `${field} must not contain invisible or text-direction characters`;
}

/** A zod `refine` pair for `field`: `schema.refine(...showsWhatItSays("Device name"))`. */
export function showsWhatItSays(field: string): [(text: string) => boolean, string] {
  return [(text) => !hasHiddenCharacters(text), hiddenCharactersMessage(field)];
}
