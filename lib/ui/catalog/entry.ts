/**
 * The shape of one catalog entry. `UI_CATALOG` (catalog.ts) holds one per
 * component; the compiler reads the prop names, child rules and bindable props
 * from it, the evaluator validates evaluated props with `schema`, and the
 * model-facing texts are generated from `description` and the rules.
 */
import type { z } from "zod";

/** The reference's groups, in its order. */
export const UI_GROUP_NAMES = [
  "Status",
  "Data",
  "Structure",
  "Content",
  "Host links",
  "Local inputs",
  "Choices",
] as const;

/** One of the reference's component groups. */
export type UiGroupName = (typeof UI_GROUP_NAMES)[number];

/** Which children a component takes. */
export type UiChildRule =
  /** No children at all (e.g. `Stat`, `Switch`). */
  | { kind: "none" }
  /** Literal text up to the matching close tag, stored in `props.code` (`CodeBlock`, `Diagram`). */
  | { kind: "literal" }
  /**
   * Text (with `{expression}` interpolations) when `text` is true, and child
   * elements named in `components` ("any" = any component that does not
   * require another parent).
   */
  | { kind: "content"; text: boolean; components: readonly string[] | "any" };

/** One component of the catalog. */
export type UiCatalogEntry = {
  /** Zod schema of the component's evaluated props (an object schema; its keys are the known prop names). */
  schema: z.ZodObject<z.ZodRawShape>;
  /** What the model reads: what the component is for, its props and which children it takes. */
  description: string;
  /** The reference's group. */
  group: UiGroupName;
  /** Which children it takes. */
  children: UiChildRule;
  /** When set, the component may only stand directly inside one of these (seen through `Show`/`Each`). */
  parents?: readonly string[];
  /** Props that may be bound to a state variable (`value={$x}`). */
  bindable?: readonly string[];
  /** Props that hold an action (`@Set`/`@Reset`) instead of a value. */
  actions?: readonly string[];
  /** True for `Show` and `Each`: invisible in the tree, so child and parent rules look through them. */
  transparent?: boolean;
};
