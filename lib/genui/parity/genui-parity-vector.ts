/**
 * The language-neutral parity vector of the octo-ui JSON dialect
 * (fixtures/parity, whose README is the contract): a fence in a reply (or a
 * `render_ui` argument), the edits a person makes, and what any
 * implementation must then produce — the clamped spec, its diagnostics,
 * which nodes show, and the exact `[octo-ui-action]` text a button sends.
 */
import { z } from "zod";
import { GENUI_DIAGNOSTIC_MESSAGES, type GenuiDiagnosticCode } from "../diagnostics/codes";
import { GenuiPanelStateSchema } from "../panel/panel-state";
import { GenuiSpecSchema } from "../schema/spec";

/** The longest description a vector carries: one or two sentences for the reader of a failing run. */
export const PARITY_DESCRIPTION_MAX_LENGTH = 400;

/** A field's value as a person sets it: text, a number, a box's state. */
const FieldValueSchema = z.union([z.string(), z.number(), z.boolean()]);

const CODES = Object.keys(GENUI_DIAGNOSTIC_MESSAGES) as [GenuiDiagnosticCode, ...GenuiDiagnosticCode[]];

/** A diagnostic as every implementation must report it: its code and the JSON path it concerns ("" for the spec or the fence). */
export const ParityGenuiDiagnosticSchema = z.strictObject({ code: z.enum(CODES), path: z.string() });
/** A diagnostic as every implementation must report it. */
export type ParityGenuiDiagnostic = z.infer<typeof ParityGenuiDiagnosticSchema>;

/** One edit or press, applied in order to the panel's one interaction state. */
export const ParityGenuiStepSchema = z.discriminatedUnion("kind", [
  /** A person sets a field (types, picks, toggles, slides). */
  z.strictObject({ kind: z.literal("field"), field: z.string(), value: FieldValueSchema }),
  /** The field becomes untouched again. */
  z.strictObject({ kind: z.literal("clear"), field: z.string() }),
  /** Tab `index` of the `tabs` node at `path` is selected. */
  z.strictObject({ kind: z.literal("tab"), path: z.string(), index: z.number().int().nonnegative() }),
  /** The `collapsible` at `path` is opened or folded. */
  z.strictObject({ kind: z.literal("fold"), path: z.string(), open: z.boolean() }),
  /** A person presses the button at `path` (a node path such as `items[3]`). */
  z.strictObject({ kind: z.literal("press"), button: z.string() }),
]);
/** One step of an octo-ui vector. */
export type ParityGenuiStep = z.infer<typeof ParityGenuiStepSchema>;

/** What a step did; a press that fires carries the envelope text, one held back by required fields names them. */
export const ParityGenuiStepOutcomeSchema = z.strictObject({
  ok: z.boolean(),
  /** The `[octo-ui-action]` message, byte for byte (`formatUiAction`). */
  envelope: z.string().optional(),
  /** The required fields still empty that keep the button from firing, in document order. */
  missing: z.array(z.string()).optional(),
});
/** What one step did. */
export type ParityGenuiStepOutcome = z.infer<typeof ParityGenuiStepOutcomeSchema>;

/** One node of the clamped spec, in document order, and whether it shows after the steps. */
export const ParityGenuiNodeSchema = z.strictObject({ path: z.string(), type: z.string(), visible: z.boolean() });
/** One node of the clamped spec and whether it shows. */
export type ParityGenuiNode = z.infer<typeof ParityGenuiNodeSchema>;

/** What running an octo-ui vector produces, compared whole with the vector's `expected`. */
export const ParityGenuiResultSchema = z.strictObject({
  /** The fence reader's and the parser's diagnostics (the parser's alone on the tool surface), in order. */
  diagnostics: z.array(ParityGenuiDiagnosticSchema),
  /** `genuiLint` of the clamped spec: advice, nothing hidden. */
  lint: z.array(ParityGenuiDiagnosticSchema),
  /** The clamped spec, or null when nothing can be rendered. */
  spec: GenuiSpecSchema.nullable(),
  /** One outcome per step. */
  steps: z.array(ParityGenuiStepOutcomeSchema),
  /** Every node of the clamped spec after the steps (empty when `spec` is null). */
  nodes: z.array(ParityGenuiNodeSchema),
  /** The panel's final interaction state. */
  state: GenuiPanelStateSchema,
});
/** What running an octo-ui vector produces. */
export type ParityGenuiResult = z.infer<typeof ParityGenuiResultSchema>;

/** An octo-ui vector file without its `expected` part: what the runner reads (and what the update flag fills in). */
export const GenuiParityInputSchema = z.strictObject({
  dialect: z.literal("octo-ui"),
  description: z.string().min(1).max(PARITY_DESCRIPTION_MAX_LENGTH),
  /** `fence`: `reply` holds Markdown whose first octo-ui fence is the panel; `tool`: `spec` is the `render_ui` argument. */
  surface: z.enum(["fence", "tool"]),
  reply: z.string().optional(),
  spec: z.unknown().optional(),
  steps: z.array(ParityGenuiStepSchema),
  /** Text a renderer of the final panel must show. */
  shows: z.array(z.string()).optional(),
  /** Text a renderer of the final panel must not show (a hidden node's). */
  hides: z.array(z.string()).optional(),
});
/** An octo-ui vector's input. */
export type GenuiParityInput = z.infer<typeof GenuiParityInputSchema>;

/** An octo-ui parity vector file. */
export const GenuiParityVectorSchema = GenuiParityInputSchema.extend({ expected: ParityGenuiResultSchema });
/** An octo-ui parity vector file. */
export type GenuiParityVector = z.infer<typeof GenuiParityVectorSchema>;
