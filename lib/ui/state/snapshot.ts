import { z } from "zod";
import { safeKey, UiValueSchema } from "../expression/value";

/** The values of a block's state variables, as a renderer stores them and hands them back to `UiState.restore`. */
export const UiStateSnapshotSchema = z.object({
  /** State variable values by name without `$` (computed values and query data are not part of it). */
  values: z.record(z.string().max(200).refine(safeKey, "forbidden key"), UiValueSchema),
});
/** The values of a block's state variables, as a renderer stores them. */
export type UiStateSnapshot = z.infer<typeof UiStateSnapshotSchema>;

/** What `UiState.restore` applied and what it dropped, with the reason for each drop. */
export type UiStateRestoreReport = {
  /** Names whose stored value was applied. */
  applied: string[];
  /** Names whose stored value was dropped: no longer declared, no longer state, or of another type. */
  dropped: { name: string; code: "unknown_state" | "not_state" | "type_change" | "invalid_value" }[];
};
