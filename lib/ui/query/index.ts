/** Read-only queries a block declares: their arguments, definition keys and the fallback with results. */
export { UiQuerySchema, type UiQuery } from "./query";
export { uiQueryKey } from "./query-key";
export { uiQueryArguments } from "./query-arguments";
export { uiQueryFallback } from "./query-fallback";
