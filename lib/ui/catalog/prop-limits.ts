/**
 * Bounds on the evaluated props of catalog components. A prop's value comes
 * from model text or from host data, so every string and list a renderer
 * receives has a ceiling; each number says why it is what it is.
 */
import { UI_LIMITS } from "../limits";

/** Bounds used by the catalog's prop schemas. */
export const UI_PROP_LIMITS = {
  /** Labels, titles and captions of one control or card: a line a person reads at a glance. */
  label: 200,
  /** Short tokens (units, languages, field names, git refs): never prose. */
  token: 64,
  /** Sentences (a choice's context, an image caption, a subtitle, a placeholder). */
  sentence: 2_000,
  /** A text field's value: a paragraph or two a person types into a panel, not a document. */
  textFieldValue: 10_000,
  /** Literal CodeBlock / Diagram content: as long as the longest string an expression may produce. */
  code: UI_LIMITS.stringLength,
  /** A link: longer URLs are almost always tracking junk or an attack. */
  href: 2_048,
  /** A host-issued id (an attachment): ids, not text. Paths, revisions and node refs use `UI_LINK_TARGET_LIMITS`, so every chip the catalog accepts is a valid link target. */
  identifier: 128,
  /** Rows of one Table, Chart or Each list: the evaluator cannot iterate more than this anyway. */
  rows: UI_LIMITS.iterations,
  /** Items of one list `Checklist`: a person ticks off a few dozen things; a longer list is a table, and each item is a control to draw. */
  checklistItems: 200,
  /** Series of one chart: more than this is unreadable as colours. */
  series: 12,
  /** A chart's height in CSS pixels (clamped): below it nothing reads, above it the panel scrolls. */
  chartHeightMin: 120,
  /** See `chartHeightMin`. */
  chartHeightMax: 640,
  /** Reference marks of one chart (a release day, a threshold): past this, lines hide the data they annotate. */
  chartMarks: 10,
} as const;
