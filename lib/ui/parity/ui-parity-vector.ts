/**
 * The language-neutral parity vector of the ```ui dialect (fixtures/parity,
 * whose README is the contract): a block source, the edits a person makes,
 * and what any implementation of the library must then produce — the
 * evaluated view tree, the diagnostics and the step outcomes — in a small
 * JSON shape that drops host-internal ids and wording.
 */
import { z } from "zod";
import { UI_LIMITS, type UiLimitName } from "../limits";
import { UiValueSchema, type UiValue } from "../expression/value";

/** The longest description a vector carries: one or two sentences for the reader of a failing run. */
export const PARITY_DESCRIPTION_MAX_LENGTH = 400;

/** A diagnostic as every implementation must report it: its code and where it stands (UTF-16 offsets in the block body). */
export const ParityUiDiagnosticSchema = z.strictObject({
  code: z.string(),
  range: z.strictObject({ start: z.number().int().nonnegative(), end: z.number().int().nonnegative() }),
});
/** A diagnostic as every implementation must report it. */
export type ParityUiDiagnostic = z.infer<typeof ParityUiDiagnosticSchema>;

/** One node of the normalized view tree; see fixtures/parity/README.md. */
export type ParityUiNode = {
  /** A catalog component, `#text` or `#fallback`. */
  type: string;
  /** The evaluated props, as the catalog's schema output them. */
  props: { [prop: string]: UiValue };
  /** Bound state variable by prop name; left out when the node binds nothing. */
  bindings?: { [prop: string]: string };
  /** Action source text by prop name; left out when the node has none. */
  actions?: { [prop: string]: string };
  /** Present (and true) only for an element whose closing tag never arrived. */
  incomplete?: true;
  /** Visible children in order. */
  children: ParityUiNode[];
};

/** Zod schema of one normalized view node (recursive). */
export const ParityUiNodeSchema: z.ZodType<ParityUiNode> = z.lazy(() =>
  z.strictObject({
    type: z.string(),
    props: z.record(z.string(), UiValueSchema),
    bindings: z.record(z.string(), z.string()).optional(),
    actions: z.record(z.string(), z.string()).optional(),
    incomplete: z.literal(true).optional(),
    children: z.array(ParityUiNodeSchema),
  }),
);

/** One edit or pick, applied in order to the block's one state. */
export const ParityUiStepSchema = z.discriminatedUnion("kind", [
  /** `UiState.set`: the host sets a state variable directly. */
  z.strictObject({ kind: z.literal("set"), variable: z.string(), value: UiValueSchema }),
  /** A person edits the first visible input bound to `variable` (document order): the binding's `set`. */
  z.strictObject({ kind: z.literal("input"), variable: z.string(), value: UiValueSchema }),
  /** A person presses the first visible `Choice` with this id that has a `run` action: the action runs. */
  z.strictObject({ kind: z.literal("press"), choice: z.string() }),
  /** `UiState.run`: an action expression run in the state. */
  z.strictObject({ kind: z.literal("run"), action: z.string() }),
  /** `UiState.setQuery`: the host supplies a declared query's data. */
  z.strictObject({ kind: z.literal("query"), variable: z.string(), data: UiValueSchema }),
  /** A person picks a (non-local) choice: `resolveUiChoice` with the visible inputs' values and the query data supplied so far. */
  z.strictObject({ kind: z.literal("choose"), choice: z.string() }),
]);
/** One edit or pick of a ui vector. */
export type ParityUiStep = z.infer<typeof ParityUiStepSchema>;

/** What a step did: applied or refused, with the library's refusal code where it has one, and a pick's selection. */
export const ParityUiStepOutcomeSchema = z.strictObject({
  ok: z.boolean(),
  /** The `UiFailure` code of a refusal (`set`, `run`, `query`, `choose`); the boolean-only steps (`input`, `press`) have none. */
  failure: z.string().optional(),
  /** What `choose` sends when it is accepted. */
  selection: z
    .strictObject({
      id: z.string(),
      label: z.string(),
      context: z.string(),
      values: z.record(z.string(), UiValueSchema),
      shown: z.array(z.strictObject({ label: z.string(), value: z.string() })),
    })
    .optional(),
});
/** What one step did. */
export type ParityUiStepOutcome = z.infer<typeof ParityUiStepOutcomeSchema>;

/** What running a ui vector produces, compared whole with the vector's `expected`. */
export const ParityUiResultSchema = z.strictObject({
  /** The compiled block's diagnostics, in the compiler's order. */
  compile: z.array(ParityUiDiagnosticSchema),
  /** One outcome per step. */
  steps: z.array(ParityUiStepOutcomeSchema),
  /** The final evaluation's visible tree. */
  view: z.array(ParityUiNodeSchema),
  /** The final evaluation's own diagnostics (computed values, props, budgets), in order. */
  evaluate: z.array(ParityUiDiagnosticSchema),
  /** The state variables' final values by name (`UiState.snapshot().values`). */
  state: z.record(z.string(), UiValueSchema),
  /** The block's `complete`. */
  complete: z.boolean(),
});
/** What running a ui vector produces. */
export type ParityUiResult = z.infer<typeof ParityUiResultSchema>;

const LIMIT_NAMES = Object.keys(UI_LIMITS) as [UiLimitName, ...UiLimitName[]];

/** A ui parity vector file without its `expected` part: what the runner reads (and what the update flag fills in). */
export const UiParityInputSchema = z.strictObject({
  dialect: z.literal("ui"),
  description: z.string().min(1).max(PARITY_DESCRIPTION_MAX_LENGTH),
  /** The fence body, compiled with `compileUiBlock` (block id `parity`). */
  source: z.string(),
  /** False: compiled as a fence still streaming. Default true (a closed fence). */
  final: z.boolean().optional(),
  /** Query sources the block may read; each accepts any arguments. */
  querySources: z.array(z.string()).optional(),
  /** Overrides of `UI_LIMITS` for compiling, the state and evaluating. */
  limits: z.partialRecord(z.enum(LIMIT_NAMES), z.number().nonnegative()).optional(),
  steps: z.array(ParityUiStepSchema),
  /** Text a renderer of the final tree must show. */
  shows: z.array(z.string()).optional(),
  /** Text a renderer of the final tree must not show (a hidden node's). */
  hides: z.array(z.string()).optional(),
});
/** A ui vector's input. */
export type UiParityInput = z.infer<typeof UiParityInputSchema>;

/** A ui parity vector file. */
export const UiParityVectorSchema = UiParityInputSchema.extend({ expected: ParityUiResultSchema });
/** A ui parity vector file. */
export type UiParityVector = z.infer<typeof UiParityVectorSchema>;

/** The block id every ui vector is compiled under (node ids are left out of the normalized tree, so it shows nowhere else). */
export const PARITY_UI_BLOCK_ID = "parity";
