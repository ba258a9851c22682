/**
 * The state of one `parseGenuiSpec` call: the surface, the diagnostics and
 * the spec-wide budgets (nodes, node candidates, entries). Every reader takes
 * it, so a budget spent in one corner of the tree is spent for all of it.
 */
import { GenuiDiagnosticCollector } from "../diagnostics/diagnostic";
import type { GenuiPath } from "../diagnostics/path";
import { GENUI_BUDGETS, GENUI_LIMITS } from "../limits";
import type { GenuiSurface } from "../schema/spec";

/** Budgets and diagnostics of one parse. */
export class SpecWalk {
  /** Where every trim and drop is recorded. */
  readonly diagnostics = new GenuiDiagnosticCollector();
  /** Nodes kept so far (at most `GENUI_LIMITS.nodes`). */
  nodes = 0;
  /** Node candidates inspected so far (at most `GENUI_BUDGETS.nodeVisits`). */
  visits = 0;
  /** Cells, entries, options, points and payload values kept so far. */
  private entries = 0;
  private entriesReported = false;
  private visitsReported = false;

  constructor(readonly surface: GenuiSurface) {}

  /** True while another node may be kept. */
  get hasNodeRoom(): boolean {
    return this.nodes < GENUI_LIMITS.nodes;
  }

  /** Takes one node candidate from the inspection budget; false (reported once) when it is spent. */
  takeVisit(path: GenuiPath): boolean {
    if (this.visits < GENUI_BUDGETS.nodeVisits) {
      this.visits += 1;
      return true;
    }
    if (!this.visitsReported) {
      this.visitsReported = true;
      this.diagnostics.report("too_many_candidates", path, `${GENUI_BUDGETS.nodeVisits} inspected`);
    }
    return false;
  }

  /** Takes up to `wanted` entries from the spec-wide budget and returns how many it got (reported once when short). */
  takeEntries(wanted: number, path: GenuiPath): number {
    const granted = Math.max(0, Math.min(wanted, GENUI_BUDGETS.entries - this.entries));
    this.entries += granted;
    if (granted < wanted && !this.entriesReported) {
      this.entriesReported = true;
      this.diagnostics.report("entries_budget", path);
    }
    return granted;
  }
}
