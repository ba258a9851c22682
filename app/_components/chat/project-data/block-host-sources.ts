/**
 * The `hostSources` of a stored block (see ui-block/host-data-mark.tsx): each
 * `@Query` variable it declares, with its source's name and when its rows
 * arrived. Undefined when the host supplies nothing (no query answers, or a
 * block without queries), so nothing is marked.
 */
import type { UiBlock } from "@/lib/ui/envelope/schema";
import type { UiHostSource } from "../../ui-block/render-context";
import type { BlockQueryStatus } from "./block-data-sync";

/** See the file comment. */
export function blockHostSources(block: UiBlock, queries: readonly BlockQueryStatus[]): ReadonlyMap<string, UiHostSource> | undefined {
  if (queries.length === 0) return undefined;
  const statuses = new Map(queries.map((status) => [status.name, status]));
  const sources = new Map<string, UiHostSource>();
  for (const declaration of block.declarations) {
    const status = statuses.get(declaration.name);
    if (declaration.kind !== "query" || declaration.source === undefined || status === undefined) continue;
    sources.set(declaration.name, { source: declaration.source, ...(status.readAt !== undefined ? { readAt: status.readAt } : {}) });
  }
  return sources.size > 0 ? sources : undefined;
}
