/**
 * Text from a model or a person, made safe to show where it is read as plain
 * text: a terminal, an instant-messaging bridge, an admin's source view, an
 * excerpt. Every character that acts instead of showing is replaced by a
 * visible mark, so what is read is what is stored, in the order it is stored:
 *
 * - C0 and C1 controls and DEL, by name (`⟨ESC⟩`, `⟨BEL⟩`, `⟨CSI⟩`, `⟨OSC⟩`):
 *   a terminal would run `ESC [2J` (clear the screen), `ESC ]8;;url` (a link
 *   to anywhere) or `ESC ]52` (write the clipboard), and a lone carriage
 *   return writes over the start of its line. Only line feed and tab are
 *   kept, and a carriage return just before a line feed (a Windows line end).
 * - Bidirectional controls (embeddings, overrides, isolates, the marks) as
 *   code points (`⟨U+202E⟩`): they make text read in another order than it
 *   is stored in (Trojan Source, CVE-2021-42574).
 * - Every other default-ignorable code point (zero-width characters, the
 *   soft hyphen, Hangul fillers, variation selectors, tag characters…) and
 *   the line and paragraph separators, as code points: they hide text or
 *   make two different strings look alike. A variation selector right after
 *   an emoji, and a zero-width joiner inside an emoji sequence, are what they
 *   look like (`⚠️`, `👩‍💻`) and are kept.
 *
 * The marks are text (`⟨` U+27E8, `⟩` U+27E9): a model can write one itself,
 * which shows a control that is not there, never hides one that is.
 */

/** Names of the C0 controls (U+0000–U+001F), in order: the abbreviations terminals and ISO 6429 use. */
const C0_NAMES = [
  "NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "HT", "LF", "VT", "FF", "CR", "SO", "SI",
  "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB", "ESC", "FS", "GS", "RS", "US",
] as const;

/** Names of the C1 controls (U+0080–U+009F), in order (ISO 6429); U+009B is CSI, U+009D OSC. */
const C1_NAMES = [
  "PAD", "HOP", "BPH", "NBH", "IND", "NEL", "SSA", "ESA", "HTS", "HTJ", "VTS", "PLD", "PLU", "RI", "SS2", "SS3",
  "DCS", "PU1", "PU2", "STS", "CCH", "MW", "SPA", "EPA", "SOS", "SGCI", "SCI", "CSI", "ST", "OSC", "PM", "APC",
] as const;

/**
 * What is replaced: controls (but line feed and tab), default-ignorable code
 * points (the bidi controls among them), and the line and paragraph
 * separators. A carriage return before a line feed, a variation selector
 * after an emoji and a joiner between emoji are matched too and kept by
 * `markOf`, so one pass decides each character with its neighbours.
 */
const ACTING =
  /\r\n|\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|[\uFE0E\uFE0F])?(?:\u200D\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|[\uFE0E\uFE0F])?)*|[\p{Cc}\p{Default_Ignorable_Code_Point}\u2028\u2029]/gu;

/** A run `ACTING` matched for an emoji sequence, which is kept. */
const EMOJI_START = /^\p{Extended_Pictographic}/u;

/** `U+XXXX`, four hex digits at least. */
function codePointName(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** The mark a matched run stands as (itself when it is kept). */
function markOf(match: string): string {
  if (match === "\r\n" || match === "\n" || match === "\t") return match;
  // An emoji, with its selector or the emoji it is joined to: what it looks like.
  if (EMOJI_START.test(match)) return match;
  const codePoint = match.codePointAt(0) as number;
  if (codePoint < 0x20) return `⟨${C0_NAMES[codePoint]}⟩`;
  if (codePoint === 0x7f) return "⟨DEL⟩";
  if (codePoint >= 0x80 && codePoint <= 0x9f) return `⟨${C1_NAMES[codePoint - 0x80]}⟩`;
  return `⟨${codePointName(codePoint)}⟩`;
}

/** `text` with every control, bidi and invisible character shown as a mark (see the file comment). */
export function visibleControls(text: string): string {
  return text.replace(ACTING, markOf);
}

/** True when `text` holds a character `visibleControls` would mark. */
export function hasActingCharacters(text: string): boolean {
  return visibleControls(text) !== text;
}
