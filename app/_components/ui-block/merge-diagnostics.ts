import type { UiDiagnostic } from "@/lib/ui/envelope/schema";

/**
 * Compile and evaluation diagnostics together, each once: the same code about
 * the same node counts once (compiling and evaluating both report an unknown
 * component, in different words).
 */
export function mergeDiagnostics(...lists: readonly (readonly UiDiagnostic[])[]): UiDiagnostic[] {
  const seen = new Set<string>();
  const merged: UiDiagnostic[] = [];
  for (const list of lists) {
    for (const diagnostic of list) {
      const key =
        diagnostic.nodeId !== undefined
          ? `${diagnostic.code}\u0000node\u0000${diagnostic.nodeId}`
          : `${diagnostic.code}\u0000${diagnostic.message}\u0000${diagnostic.range.start}`;
      if (seen.has(key)) continue;
      seen.add(key);
      merged.push(diagnostic);
    }
  }
  return merged;
}
