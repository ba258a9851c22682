import { z } from "zod";
import { safeKey, UiValueSchema } from "../expression/value";

/**
 * A read-only description of one query a block declares, with its arguments
 * evaluated: what a host authorizes, validates against the source's schema and
 * runs. The `key` identifies the definition it was made from; a result is
 * accepted only for that key (`UiState.setQuery`).
 */
export const UiQuerySchema = z.object({
  /** The declared name without `$`. */
  name: z.string().max(200).refine(safeKey, "forbidden key"),
  /** The literal source name (`@Query("tests", …)` → `tests`). */
  source: z.string().max(200),
  /** The evaluated arguments object. */
  arguments: z.record(z.string().refine(safeKey, "forbidden key"), UiValueSchema),
  /** The definition key (`uiQueryKey`). */
  key: z.string(),
});
/** A read-only description of one declared query with its evaluated arguments. */
export type UiQuery = Readonly<z.infer<typeof UiQuerySchema>>;
