/**
 * The wire envelope of compiled UI: what the compiler produces, what a host
 * stores and sends, and what a browser validates before it evaluates anything.
 * Component names, props and expressions stay open strings, so a block written
 * for a newer catalog is retained and shown as its fallback.
 */
import { z } from "zod";
import { safeKey, UiValueSchema, type UiValue } from "../expression/value";

/** A half-open range `[start, end)` of UTF-16 offsets. */
export const UiRangeSchema = z.object({
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
});
/** A half-open range `[start, end)` of UTF-16 offsets. */
export type UiRange = z.infer<typeof UiRangeSchema>;

/** A problem found while compiling or evaluating; ranges are offsets in the block body. */
export const UiDiagnosticSchema = z.object({
  code: z.string().max(64),
  message: z.string().max(2_000),
  range: UiRangeSchema,
  nodeId: z.string().max(200).optional(),
});
/** A problem found while compiling or evaluating; ranges are offsets in the block body. */
export type UiDiagnostic = z.infer<typeof UiDiagnosticSchema>;

const SafeRecordKey = z.string().max(200).refine(safeKey, "forbidden key");

/** One compiled element (or `#text` / `#expression` child); see `UiNodeSchema`. */
export type UiNode = {
  /** `<block id>:<offset of its '<' in the block body>` (text children use their first character's offset). */
  id: string;
  /** The component name as written (a catalog name, or an unknown one kept for its fallback), `#text` or `#expression`. */
  type: string;
  /** Static props: `prop="text"` strings and bare flags (`true`); a `CodeBlock`/`Diagram` has its literal text in `code`, a `#text` child in `text`. */
  props: { [prop: string]: UiValue };
  /** Expression props by prop name, as source text (`#expression` children use `value`). */
  expressions: { [prop: string]: string };
  /** Bindings by prop name: the bound state variable's name, without `$`. */
  bindings: { [prop: string]: string };
  /** Child nodes in order. */
  children: UiNode[];
  /** Where the node stands in the block body. */
  range: UiRange;
  /** False while its closing tag has not arrived. */
  complete: boolean;
};

/** Zod schema of one compiled node (recursive). */
export const UiNodeSchema: z.ZodType<UiNode> = z.lazy(() =>
  z.object({
    id: z.string().max(200),
    type: z.string().max(100),
    props: z.record(SafeRecordKey, UiValueSchema),
    expressions: z.record(SafeRecordKey, z.string()),
    bindings: z.record(SafeRecordKey, z.string().max(200)),
    children: z.array(UiNodeSchema),
    range: UiRangeSchema,
    complete: z.boolean(),
  }),
);

/** One `$name = …` line of a block. */
export const UiDeclarationSchema = z.object({
  /** The name without `$`. */
  name: z.string().max(200).refine(safeKey, "forbidden key"),
  /** `state`: a constant default, bindable and settable; `computed`: re-evaluated from what it reads; `query`: read-only host data. */
  kind: z.enum(["state", "computed", "query"]),
  /** The right-hand side as source text. */
  expression: z.string(),
  /** A state variable's default (its value fixes the variable's type). */
  value: UiValueSchema.optional(),
  /** A query's literal source name. */
  source: z.string().max(200).optional(),
  /** A query's arguments as expression source text (an object literal). */
  arguments: z.string().optional(),
  /** Where the declaration stands in the block body. */
  range: UiRangeSchema,
});
/** One `$name = …` line of a block. */
export type UiDeclaration = z.infer<typeof UiDeclarationSchema>;

/** One compiled UI fence. */
export const UiBlockSchema = z.object({
  /** `<options.id>:<index among the reply's UI fences>`, or the fence's `id=` (the panel id). */
  id: z.string().max(200),
  /** The whole fence (opening line to closing line) in the reply; `[0, source length)` for `compileUiBlock`. */
  range: UiRangeSchema,
  /** The fence body in the reply: node and diagnostic ranges are relative to its start. */
  source: UiRangeSchema,
  /** The catalog version the block was written for (`catalog=` in the info string, else `UI_CATALOG_VERSION`). */
  catalog: z.string().max(32),
  /** `$name = …` declarations in source order (first declaration of a name only). */
  declarations: z.array(UiDeclarationSchema),
  /** Top-level nodes. */
  nodes: z.array(UiNodeSchema),
  /** Problems found while compiling. */
  diagnostics: z.array(UiDiagnosticSchema),
  /** Markdown shown where no tree can be drawn (IM, terminal) and for budget failures. */
  fallback: z.string(),
  /** True when the fence was closed and every element in it is complete. */
  complete: z.boolean(),
  /** A host-assigned revision of a completed, stored block; the compiler never sets it. */
  revision: z.number().int().nonnegative().optional(),
});
/** One compiled UI fence. */
export type UiBlock = z.infer<typeof UiBlockSchema>;

/** Zod schema of the blocks of one reply (the assistant message's `ui` field). */
export const UiBlocksSchema = z.array(UiBlockSchema);
/** The blocks of one reply. */
export type UiBlocks = z.infer<typeof UiBlocksSchema>;
