/**
 * The five tones every widget speaks (the same words as both dialects'
 * `tone`), and how each is said without colour: an icon and a word, because
 * colour is never the only signal.
 */

/** The tones, from plain to alarming. */
export const WIDGET_TONES = ["neutral", "info", "success", "warning", "danger"] as const;

/** A colour intent: neutral, info, success, warning or danger. */
export type WidgetTone = (typeof WIDGET_TONES)[number];

/** What a tone looks like besides its colour. */
export type WidgetToneSign = {
  /** A glyph drawn beside the text (hidden from screen readers, which read `word`). */
  icon: string;
  /** The tone in words, for screen readers and tooltips. */
  word: string;
};

/** Icon and word of each tone. */
export const WIDGET_TONE_SIGNS: Readonly<Record<WidgetTone, WidgetToneSign>> = {
  neutral: { icon: "•", word: "Note" },
  info: { icon: "i", word: "Info" },
  success: { icon: "✓", word: "Success" },
  warning: { icon: "!", word: "Warning" },
  danger: { icon: "✕", word: "Danger" },
};

/** True when `value` is one of the five tones (own names only). */
export function isWidgetTone(value: unknown): value is WidgetTone {
  return typeof value === "string" && (WIDGET_TONES as readonly string[]).includes(value);
}
