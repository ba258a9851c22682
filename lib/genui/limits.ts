/**
 * Every bound the GenUI dialect enforces, in one place. `GENUI_LIMITS` holds
 * exactly the caps the model-facing guide promises (its "Caps" section and
 * node tables), so a test can show each one; `GENUI_BUDGETS` holds the guards
 * we add on top so that hostile input costs no more than a real spec would.
 */

/** The caps the guide states; going past one trims or drops, it never fails the spec. */
export const GENUI_LIMITS = {
  /** Depth of the node tree (a top-level item is depth 1): deep enough for any real layout. */
  depth: 8,
  /** Nodes kept per spec, counted in document order. */
  nodes: 200,
  /** UTF-16 units of an ordinary string field (labels, text, badge text, titles, names). */
  stringLength: 500,
  /** UTF-16 units of one table cell. */
  cellLength: 2_000,
  /** Rows of one table. */
  tableRows: 500,
  /** Columns of one table (and so cells of one row). */
  tableColumns: 50,
  /** Entries of one `list` or `keyvalue`. */
  listItems: 200,
  /** Options of one `select`, `radio` or `quiz`. */
  options: 50,
  /** Entries of one `tabs`. */
  tabs: 8,
  /** UTF-16 units of `code`/`mermaid` source and of a `textarea` default. */
  longTextLength: 5_000,
  /** Series of one `plot`. */
  plotSeries: 8,
  /** Points of one plot series. */
  plotPoints: 100,
  /** UTF-16 units of a `link` href; longer drops the node (a cut URL points elsewhere). */
  hrefLength: 2_000,
  /** Fewest `textarea` rows. */
  textareaRowsMin: 2,
  /** Most `textarea` rows. */
  textareaRowsMax: 12,
  /** Largest `row`/`col` gap (the smallest is 0). */
  gapMax: 64,
  /** Largest `progress` value (the smallest is 0). */
  progressMax: 100,
  /** Depth of a button payload: the same limit as the node tree (the payload object itself is depth 1). */
  payloadDepth: 8,
  /** Keys of one payload object, or entries of one payload array, at every level. */
  payloadEntries: 50,
  /** Characters of a panel id (at least one, of `[A-Za-z0-9_-]`). */
  panelIdLength: 64,
} as const;

/** The names of the caps in `GENUI_LIMITS`. */
export type GenuiLimitName = keyof typeof GENUI_LIMITS;

/**
 * Guards the guide does not state. None of them touches a spec a model would
 * really write; each keeps the work of one parse proportional to what is kept.
 */
export const GENUI_BUDGETS = {
  /** Node candidates inspected per spec, kept or dropped: without it 100k invalid entries would each cost a diagnostic. */
  nodeVisits: 1_000,
  /**
   * Table cells, list/keyvalue entries, options, plot points and payload values
   * kept per spec. The guide caps each node, not the sum: 200 full tables would
   * be 5 million cells, which no browser can draw; this is two full tables.
   */
  entries: 50_000,
  /** Values kept in one button payload: 50 keys on each of 8 levels would otherwise be 50⁸. */
  payloadValues: 500,
  /** Diagnostics kept per parse; past this one more says how many were left out. */
  diagnostics: 100,
  /** UTF-16 units of a field name: a name, not prose; longer drops the control rather than risking two cut names colliding. */
  fieldNameLength: 128,
  /** Values in a `visibleWhen.in` list: as many as a control can have options. */
  conditionValues: 50,
  /** Smallest `plot` height in pixels: below it axes and labels overlap. */
  plotHeightMin: 80,
  /** Largest `plot` height in pixels: a chart taller than a screen is an artifact, not a panel. */
  plotHeightMax: 800,
  /** octo-ui fences parsed per reply; later fences still get their placeholder but no spec. */
  fencesPerReply: 16,
  /** Characters of a spec title in a transport's placeholder line, which is one line of chat text. */
  placeholderTitleLength: 80,
  /** UTF-16 units of an `[octo-ui-action]` message accepted by `parseUiAction`; longer is malformed. */
  actionEnvelopeLength: 65_536,
} as const;

/**
 * Budgets of the tolerant JSON reader behind `extractGenuiFences`. Each keeps
 * one more than the largest cap it guards, so the spec parser still sees that
 * a cap was passed and reports it; beyond that nothing is materialized, so a
 * 5 MB fence costs one linear scan and bounded memory.
 */
export const GENUI_SCAN_LIMITS = {
  /** JSON nesting kept: a legal spec nests at most ~3 levels per node level plus a payload. */
  depth: 64,
  /** Entries kept per JSON array: one past the largest array cap (table rows). */
  arrayEntries: GENUI_LIMITS.tableRows + 1,
  /** Keys kept per JSON object: no node has more than a dozen fields, a payload level 50. */
  objectKeys: 64,
  /** UTF-16 units kept per JSON string: one past the longest string cap. */
  stringLength: GENUI_LIMITS.longTextLength + 1,
  /** Characters of a number token read: longer ones are not numbers a spec needs. */
  numberLength: 64,
  /** JSON values kept per fence, a few times `GENUI_BUDGETS.entries`. */
  values: 200_000,
  /** UTF-16 units of strings kept per fence (about 2 MB). */
  characters: 1_048_576,
} as const;
