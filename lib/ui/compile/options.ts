/**
 * The options of compilation: what stays the same for a whole reply
 * (`UiCompilerOptions`), what an update says (`UiCompileUpdate`), and both
 * together for the one-shot functions (`UiCompileOptions`).
 */
import type { z } from "zod";
import type { UiCatalogEntry } from "../catalog/entry";
import type { UiLimits, UiReplyLimits } from "../limits";

/** Query sources a block may read, by name: each with the zod schema of its arguments. */
export type UiQuerySchemas = Readonly<Record<string, z.ZodType>>;

/** The components a compilation checks elements against, by name (`UI_CATALOG` unless a host overrides it). */
export type UiCompileCatalog = Readonly<Record<string, UiCatalogEntry>>;

/** The stable configuration of a reply's compilation. */
export type UiCompilerOptions = {
  /** The assistant item (or block) the UI belongs to; block ids are `<id>:<index>` unless a fence names its panel. Supply the same id on every recompile. */
  id: string;
  /** Overrides of the per-block work budget (`UI_LIMITS`). */
  limits?: UiLimits;
  /** Overrides of the per-reply budget (`UI_REPLY_LIMITS`), for hosts and tests. */
  replyLimits?: Partial<UiReplyLimits>;
  /** The clock in milliseconds for the time budgets (default `performance.now`); inject one for deterministic tests. */
  now?: () => number;
  /** Query sources available to `$x = @Query("source", {args})`, with their argument schemas. */
  querySchemas?: UiQuerySchemas;
  /**
   * The components to compile against in place of `UI_CATALOG` (same
   * version): for hosts that check what a catalog change would do to stored
   * replies before shipping it. Blocks still name `UI_CATALOG_VERSION`.
   */
  catalog?: UiCompileCatalog;
};

/** What one compilation of the reply says beyond the stable configuration. */
export type UiCompileUpdate = {
  /** The text is the authoritative final response: unfinished syntax is reported and nothing is reused. */
  final?: boolean;
  /** The attachment id that `Image generated="latest"` resolves to. */
  latestAttachment?: string;
};

/** Options of `compileUi` and `compileUiBlock`. */
export type UiCompileOptions = UiCompilerOptions & UiCompileUpdate;
