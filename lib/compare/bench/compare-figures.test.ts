import { describe, expect, it } from "vitest";
import { compareFigures, formatCompareReport, type CompareMeasurement, type PaneOutcome } from "./compare-figures";

const PACING_MS = 30_000;

function pane(label: string, overrides: Partial<PaneOutcome> = {}): PaneOutcome {
  return { label, startOffsetMs: 0, firstTokenMs: 400, firstBlockMs: 900, finalMs: PACING_MS + 500, storedMs: PACING_MS + 600, ...overrides };
}

function measurement(overrides: Partial<CompareMeasurement> = {}): CompareMeasurement {
  return {
    pacingMs: PACING_MS,
    startSpreadMs: 12,
    panes: ["A", "B", "C", "D", "E", "F"].map((label) => pane(label)),
    serverCpuMs: 6 * 1_000,
    wallMs: 30_000,
    viewerCpuMs: null,
    single: { storedMs: PACING_MS + 300, serverCpuMs: 1_000, viewerCpuMs: null },
    ...overrides,
  };
}

const verdicts = (figures: ReturnType<typeof compareFigures>) => figures.targets.map((target) => target.met);

describe("compareFigures", () => {
  it("meets every target when the panes start together, cost what a chat costs and end near the pacing", () => {
    const figures = compareFigures(measurement());
    expect(figures.cpuPerPaneMs).toBe(1_000);
    expect(figures.cpuRatio).toBe(1);
    expect(figures.overPacingMs).toEqual([500, 500, 500, 500, 500, 500]);
    expect(figures.serverCoreShare).toBe(0.2);
    expect(figures.firstTokenSpreadMs).toBe(0);
    expect(verdicts(figures)).toEqual([true, true, true]);
  });

  it("misses the start spread at 50 ms and over, and when the server reports none", () => {
    expect(verdicts(compareFigures(measurement({ startSpreadMs: 49 })))[0]).toBe(true);
    expect(verdicts(compareFigures(measurement({ startSpreadMs: 50 })))[0]).toBe(false);
    const unmeasured = compareFigures(measurement({ startSpreadMs: null }));
    expect(unmeasured.targets[0]).toMatchObject({ met: false, measured: "not measured" });
  });

  it("holds CPU per pane to 1.2× the single chat's, inclusive", () => {
    expect(compareFigures(measurement({ serverCpuMs: 6 * 1_200 })).targets[1]?.met).toBe(true);
    const over = compareFigures(measurement({ serverCpuMs: 6 * 1_250 }));
    expect(over.cpuRatio).toBeCloseTo(1.25);
    expect(over.targets[1]?.met).toBe(false);
    expect(over.targets[1]?.measured).toMatch(/^1\.25× \(1\.25 s per pane, 1\.00 s for the single chat\)$/);
  });

  it("cannot judge CPU without both figures", () => {
    expect(compareFigures(measurement({ serverCpuMs: null })).targets[1]).toMatchObject({ met: false, measured: "not measured" });
    expect(compareFigures(measurement({ single: { storedMs: PACING_MS, serverCpuMs: null, viewerCpuMs: null } })).cpuRatio).toBeNull();
  });

  it("judges the worst pane's final against the pacing, 2 s inclusive", () => {
    const panes = [pane("A"), pane("B", { finalMs: PACING_MS + 2_000 })];
    expect(compareFigures(measurement({ panes })).targets[2]).toMatchObject({ met: true, measured: "worst +2.00 s" });
    const late = [pane("A"), pane("B", { finalMs: PACING_MS + 2_001 })];
    expect(compareFigures(measurement({ panes: late })).targets[2]?.met).toBe(false);
  });

  it("falls back to the row's stored time for a pane without metrics, and misses when a pane has neither", () => {
    const fallback = compareFigures(measurement({ panes: [pane("A", { finalMs: null, storedMs: PACING_MS + 100 })] }));
    expect(fallback.overPacingMs).toEqual([100]);
    expect(fallback.targets[2]?.met).toBe(true);
    const missing = compareFigures(measurement({ panes: [pane("A"), pane("B", { finalMs: null, storedMs: null })] }));
    expect(missing.overPacingMs).toEqual([500, null]);
    expect(missing.targets[2]).toMatchObject({ met: false, measured: "worst +0.50 s (1 pane(s) without a final)" });
  });

  it("misses every target of a run with no panes", () => {
    const empty = compareFigures(measurement({ panes: [], startSpreadMs: null }));
    expect(verdicts(empty)).toEqual([false, false, false]);
    expect(empty.firstTokenSpreadMs).toBeNull();
  });
});

describe("formatCompareReport", () => {
  it("prints a row per pane, the single chat and each verdict", () => {
    const input = measurement({ panes: [pane("A"), pane("B", { firstBlockMs: null, startOffsetMs: 7, firstTokenMs: 430 })], serverCpuMs: 2_400 });
    const lines = formatCompareReport({ viewerKind: "sse", measurement: input, figures: compareFigures(input) });
    expect(lines[0]).toBe("2 panes, sse viewer(s):");
    expect(lines[1]).toBe("  pane A: start +0 ms, first token 400 ms, first rendered block 900 ms, final 30.50 s (+0.50 s over pacing), row stored 30.60 s");
    expect(lines[2]).toContain("pane B: start +7 ms");
    expect(lines[2]).toContain("first rendered block —");
    expect(lines[3]).toBe("  start spread 12 ms (first tokens 30 ms apart); server CPU 2.40 s in all (8% of one core over 30.00 s), 1.20 s per pane");
    expect(lines[4]).toBe("  single chat, 1 sse viewer: stored after 30.30 s (+0.30 s over pacing), server CPU 1.00 s");
    const withViewers = { ...input, viewerCpuMs: 3_000, single: { ...input.single, viewerCpuMs: 500 } };
    const viewerLines = formatCompareReport({ viewerKind: "browser", measurement: withViewers, figures: compareFigures(withViewers) });
    expect(viewerLines[3]).toMatch(/1\.20 s per pane, viewers' CPU 3\.00 s$/);
    expect(viewerLines[4]).toMatch(/server CPU 1\.00 s, viewers' CPU 0\.50 s$/);
    expect(lines.slice(5)).toEqual([
      "  target: start spread < 50 ms: met (12 ms)",
      "  target: server CPU per pane ≤ 1.2× a single chat's: met (1.20× (1.20 s per pane, 1.00 s for the single chat))",
      "  target: every pane's final stored within 2.00 s of the pacing: met (worst +0.50 s)",
    ]);
  });
});
