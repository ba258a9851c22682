import type { UiDiagnostic } from "@/lib/ui/envelope/schema";

/**
 * What the drawn ```ui blocks of one reply found while evaluating, by block
 * id: evaluation runs in the browser against each block's state, so the
 * blocks report here and the reply's inspector reads it. A report equal to
 * the last one changes nothing (a block reports again at every input).
 */
export class EvaluatedDiagnostics {
  private current: ReadonlyMap<string, readonly UiDiagnostic[]> = new Map();
  private readonly listeners = new Set<() => void>();

  /** The reports so far; a new map after every change. */
  readonly snapshot = (): ReadonlyMap<string, readonly UiDiagnostic[]> => this.current;

  /** Calls `listener` after every change; returns the unsubscribe. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Records what a block found. */
  report(blockId: string, diagnostics: readonly UiDiagnostic[]): void {
    const previous = this.current.get(blockId) ?? [];
    if (sameDiagnostics(previous, diagnostics)) return;
    const next = new Map(this.current);
    next.set(blockId, diagnostics);
    this.current = next;
    for (const listener of this.listeners) listener();
  }
}

function sameDiagnostics(left: readonly UiDiagnostic[], right: readonly UiDiagnostic[]): boolean {
  if (left.length !== right.length) return false;
  return left.every((diagnostic, index) => {
    const other = right[index] as UiDiagnostic;
    return (
      diagnostic.code === other.code &&
      diagnostic.message === other.message &&
      diagnostic.nodeId === other.nodeId &&
      diagnostic.range.start === other.range.start &&
      diagnostic.range.end === other.range.end
    );
  });
}
