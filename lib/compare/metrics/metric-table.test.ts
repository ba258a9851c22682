import { describe, expect, it } from "vitest";
import { csvField, METRICS, metricTable, tableCsv, tableMarkdown } from "./metric-table";
import type { PaneMetrics } from "./pane-metrics";
import { PaneMetricsSchema } from "./pane-metrics";

function pane(overrides: Partial<PaneMetrics> = {}): PaneMetrics {
  return PaneMetricsSchema.parse({
    firstTokenMs: 100,
    firstBlockMs: 400,
    finalMs: 1_500,
    totalMs: 1_600,
    tokensIn: 1_200,
    tokensOut: 300,
    tokensEstimated: false,
    tokensPerSecond: 214.3,
    costUsd: null,
    compileMs: 4.2,
    blocks: 2,
    blocksByDialect: { ui: 1, "octo-ui": 1, render_ui: 0 },
    nodes: 12,
    nodesByDialect: { ui: 8, "octo-ui": 4, render_ui: 0 },
    diagnostics: {},
    budgetRefusals: {},
    lintFindings: 0,
    uiCharacters: 600,
    textCharacters: 400,
    uiShare: 0.6,
    uiTokensPerNode: { ui: 12.5, "octo-ui": 20, render_ui: null },
    ...overrides,
  });
}

const row = (table: ReturnType<typeof metricTable>, key: string) => {
  const found = table.rows.find((candidate) => candidate.key === key);
  if (!found) throw new Error(`no row ${key}`);
  return found;
};

describe("metricTable", () => {
  it("has a row per metric and a column per slot", () => {
    const table = metricTable([{ label: "A", metrics: [pane()] }, { label: "B", metrics: [pane()] }]);
    expect(table.headers).toEqual(["Metric", "A", "B"]);
    expect(table.rows.map((candidate) => candidate.key)).toEqual(METRICS.map((metric) => metric.key));
    expect(table.rows.map((candidate) => candidate.label)).toEqual(
      expect.arrayContaining(["First token", "First rendered block", "Final tree", "Total", "Tokens in", "Tokens out", "Tokens per second", "Cost", "Compile time", "Diagnostics", "Budget refusals", "Lint findings", "Blocks", "Nodes", "UI share", "UI tokens per node (ui)", "UI tokens per node (octo-ui)", "UI tokens per node (render_ui)"]),
    );
  });

  it("marks the best value per metric, ties all best, nulls and directionless rows never", () => {
    const table = metricTable([
      { label: "A", metrics: [pane({ firstTokenMs: 90, diagnostics: { unknown_component: 2 }, tokensPerSecond: 100 })] },
      { label: "B", metrics: [pane({ firstTokenMs: 120, diagnostics: {}, tokensPerSecond: 300 })] },
      { label: "C", metrics: [pane({ firstTokenMs: 90, diagnostics: {}, tokensPerSecond: null })] },
    ]);
    expect(row(table, "firstTokenMs").cells.map((cell) => cell.best)).toEqual([true, false, true]);
    expect(row(table, "diagnostics").cells.map((cell) => [cell.value, cell.best])).toEqual([[2, false], [0, true], [0, true]]);
    expect(row(table, "tokensPerSecond").cells.map((cell) => cell.best)).toEqual([false, true, false]);
    expect(row(table, "tokensPerSecond").cells[2]).toEqual({ value: null, text: "—", best: false });
    expect(row(table, "nodes").cells.every((cell) => !cell.best)).toBe(true);
    expect(row(table, "uiTokensPerNode.render_ui").cells.every((cell) => cell.value === null && !cell.best)).toBe(true);
  });

  it("counts a pane's data-check findings, with nothing shown for a pane stored before the checks", () => {
    const table = metricTable([
      { label: "A", metrics: [pane({ dataFindings: { "real data": 2, "empty data": 1 } })] },
      { label: "B", metrics: [pane({ dataFindings: { "real data": 0, "empty data": 0 } })] },
      { label: "C", metrics: [pane()] },
    ]);
    expect(row(table, "dataFindings").label).toBe("Data-check findings");
    expect(row(table, "dataFindings").cells).toEqual([
      { value: 3, text: "3", best: false },
      { value: 0, text: "0", best: true },
      { value: null, text: "—", best: false },
    ]);
  });

  it("shows the median and the spread of several samples", () => {
    const table = metricTable([
      { label: "A", metrics: [pane({ firstTokenMs: 100 }), pane({ firstTokenMs: 300 }), pane({ firstTokenMs: 200 })] },
      { label: "B", metrics: [pane({ firstTokenMs: 900 }), pane({ firstTokenMs: 1_300 })] },
    ]);
    expect(row(table, "firstTokenMs").cells).toEqual([
      { value: 200, text: "200 ms (100 ms–300 ms)", best: true },
      { value: 1_100, text: "1.1 s (900 ms–1.3 s)", best: false },
    ]);
  });

  it("formats each kind of value", () => {
    const table = metricTable([{ label: "A", metrics: [pane({ costUsd: 0.01234, tokensIn: 12_345, uiShare: 0.425 })] }]);
    expect(row(table, "costUsd").cells[0]?.text).toBe("$0.0123");
    expect(row(table, "tokensIn").cells[0]?.text).toBe("12,345");
    expect(row(table, "uiShare").cells[0]?.text).toBe("43%");
    expect(row(table, "finalMs").cells[0]?.text).toBe("1.5 s");
    expect(row(table, "compileMs").cells[0]?.text).toBe("4.2 ms");
    // A single slot has nothing to be best against.
    expect(table.rows.every((candidate) => candidate.cells.every((cell) => !cell.best))).toBe(true);
  });
});

describe("tableMarkdown", () => {
  it("writes a GitHub table with best cells bold and pipes escaped", () => {
    const table = metricTable([{ label: "A | x", metrics: [pane({ firstTokenMs: 50 })] }, { label: "B", metrics: [pane()] }]);
    const markdown = tableMarkdown(table);
    const lines = markdown.trimEnd().split("\n");
    expect(lines[0]).toBe("| Metric | A \\| x | B |");
    expect(lines[1]).toBe("| --- | ---: | ---: |");
    expect(lines[2]).toBe("| First token | **50 ms** | 100 ms |");
    expect(lines).toHaveLength(2 + METRICS.length);
  });
});

describe("tableCsv", () => {
  it("writes RFC 4180 records with CRLF, quoting and a unit column", () => {
    const table = metricTable([{ label: 'Model "A", fast', metrics: [pane()] }, { label: "B", metrics: [pane(), pane({ firstTokenMs: 300 })] }]);
    const csv = tableCsv(table);
    const records = csv.split("\r\n");
    expect(records[0]).toBe('Metric,Unit,"Model ""A"", fast",B');
    expect(records[1]).toBe("First token,ms,100 ms,200 ms (100 ms–300 ms)");
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(tableCsv(table, { values: "raw" }).split("\r\n")[1]).toBe("First token,ms,100,200");
  });

  it("guards cells against formula injection", () => {
    expect(csvField("=HYPERLINK(\"x\")")).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField("+1")).toBe("'+1");
    expect(csvField("-1")).toBe("'-1");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("\tx")).toBe("'\tx");
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a\nb")).toBe('"a\nb"');
    const table = metricTable([{ label: "=cmd|' /C calc'!A0", metrics: [pane()] }]);
    expect(tableCsv(table).split("\r\n")[0]).toBe("Metric,Unit,'=cmd|' /C calc'!A0");
  });
});
