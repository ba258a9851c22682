/**
 * Diagnostics kept in source order up to a limit, with a count of the rest:
 * a hostile block can raise one diagnostic per prop or node, and no more
 * than a block's limit is ever shown, so no more is kept.
 */
import type { UiDiagnostic } from "../envelope/schema";

/** Diagnostics in order, at most `limit` of them, and how many more there were. */
export class UiDiagnosticList {
  /** The diagnostics kept, in the order they were added. */
  readonly items: UiDiagnostic[] = [];
  /** How many were added past the limit. */
  omitted = 0;

  /** An empty list keeping at most `limit`. */
  constructor(readonly limit: number) {}

  /** Adds one, or counts it when the list is full. */
  add(diagnostic: UiDiagnostic): void {
    if (this.items.length < this.limit) this.items.push(diagnostic);
    else this.omitted++;
  }

  /** Adds each in order. */
  addAll(diagnostics: readonly UiDiagnostic[]): void {
    for (const diagnostic of diagnostics) this.add(diagnostic);
  }

  /** Adds another list's diagnostics, and its count of omitted ones. */
  addList(list: UiDiagnosticList): void {
    this.addAll(list.items);
    this.omitted += list.omitted;
  }
}
