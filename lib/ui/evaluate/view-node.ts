import type { UiDiagnostic } from "../envelope/schema";
import type { UiRecord, UiValue } from "../expression/value";

/** An input's link to the state variable it shows and edits. */
export type UiBinding = {
  /** The bound state variable's name, without `$`. */
  variable: string;
  /** Its value when the block was evaluated. */
  value: UiValue;
  /**
   * Changes the variable when the input node is complete, the evaluation has
   * a state and the new prop value passes the component's schema and the
   * control's rules (a `Segmented` option that is shown, a `Slider` value on
   * its step). Returns whether it applied; never throws.
   */
  set(value: unknown): boolean;
};

/** A local action of a node (`Choice run={…}`), ready to run in the evaluation's state. */
export type UiViewAction = {
  /** The action's source text as written. */
  expression: string;
  /** Runs it in the state (with the node's `Each` locals); returns whether it ran; never throws. */
  run(): boolean;
};

/**
 * One node of an evaluated tree, ready to draw. `type` is a catalog component,
 * `#text` (`props.text`), `#fallback` (`props.text`, the Markdown to show,
 * and `props.type`, the original type) or `#pending` (`props.type`, the
 * component — or `#text`, `Show`, `Each` — that waits for query data the
 * host has not supplied yet; `pending` names the queries). `Show` and `Each`
 * never appear: they are resolved into their visible children.
 */
export type UiViewNode = {
  /** The compiled node's id, with `#<index>` appended per enclosing `Each` iteration. */
  id: string;
  /** The compiled node's id when `id` carries `Each` suffixes. */
  sourceId?: string;
  /** Component name, `#text` or `#fallback`. */
  type: string;
  /** Evaluated props that passed the component's schema (its output, e.g. a clamped `Progress.value`). */
  props: UiRecord;
  /** Visible children in order. */
  children: UiViewNode[];
  /** Bindings by prop name. */
  bindings: { [prop: string]: UiBinding };
  /** Local actions by prop name (`run`). */
  actions: { [prop: string]: UiViewAction };
  /** False while the element's closing tag has not arrived: its inputs do not change state yet. */
  complete: boolean;
  /**
   * Host data: by prop (`text` for an interpolation), the block's `@Query`
   * variables its value was computed from, directly or through computed
   * variables and `Each` items. Absent when no prop read one: the model typed it.
   */
  hostData?: { [prop: string]: readonly string[] };
  /**
   * The block's `@Query` variables this node's values depend on that the host
   * has not answered yet. A renderer draws such a node as loading (its shape,
   * no value): until the answer, a count of zero or a tone is not a fact.
   */
  pending?: readonly string[];
};

/** What `evaluateUiBlock` returns. */
export type UiEvaluation = {
  /** The visible tree. */
  nodes: UiViewNode[];
  /** Problems met while evaluating (per element, with `nodeId`), apart from the block's compile diagnostics. */
  diagnostics: UiDiagnostic[];
  /** False when the block's catalog version is unknown here: every node is its fallback. */
  supported: boolean;
  /** The block's own `complete`: the fence closed and every element complete. */
  complete: boolean;
};

