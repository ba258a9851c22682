/**
 * A panel's interaction state, which belongs to the panel id and survives a
 * reload: the value of every field the user touched, the selected tab of
 * each `tabs` node and the fold state of each `collapsible` (both keyed by
 * the node's path, as `forEachGenuiNode` gives it).
 */
import { z } from "zod";
import { GenuiFieldValuesSchema } from "../schema/condition";

/** A panel's interaction state. */
export const GenuiPanelStateSchema = z.object({
  fields: GenuiFieldValuesSchema,
  tabs: z.record(z.string(), z.number().int().min(0)),
  folds: z.record(z.string(), z.boolean()),
});

/** A panel's interaction state. */
export type GenuiPanelState = z.infer<typeof GenuiPanelStateSchema>;

/** The state of a panel nobody has touched. */
export function emptyPanelState(): GenuiPanelState {
  return { fields: {}, tabs: {}, folds: {} };
}
