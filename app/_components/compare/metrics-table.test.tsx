// @vitest-environment happy-dom
/**
 * The metrics table as a person meets it: a captioned table with row
 * headers, the best value of a row tagged (in words, not only in bold),
 * estimates marked, and the copy buttons writing the table to the clipboard
 * or, where there is none, showing it to copy by hand.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PaneMetricsSchema, type PaneMetrics } from "@/lib/compare/metrics/pane-metrics";
import { isEstimatedCell, MetricsTable } from "./metrics-table";

function pane(overrides: Record<string, unknown> = {}): PaneMetrics {
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

const COLUMNS = [
  { label: "A", metrics: [pane()] },
  { label: "B", metrics: [pane({ firstTokenMs: 250, tokensEstimated: true })] },
];

/** The cells of the row whose header reads `label`. */
function rowCells(container: ParentNode, label: string): string[] {
  const header = [...container.querySelectorAll("tbody th[scope=row]")].find((cell) => cell.textContent?.startsWith(label));
  if (!header?.parentElement) throw new Error(`no row ${label}`);
  return [...header.parentElement.querySelectorAll("td")].map((cell) => cell.textContent ?? "");
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
  vi.unstubAllGlobals();
});

function mount(): HTMLElement {
  const container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  act(() => root?.render(<MetricsTable columns={COLUMNS} />));
  return container;
}

describe("MetricsTable", () => {
  it("is a captioned table with a header per pane and per metric", () => {
    const container = document.createElement("div");
    container.innerHTML = renderToStaticMarkup(<MetricsTable columns={COLUMNS} />);
    expect(container.querySelector("table caption")?.textContent).toBe("Metrics");
    expect([...container.querySelectorAll("thead th")].map((cell) => cell.textContent)).toEqual(["Metric", "A", "B"]);
    expect(container.querySelectorAll("tbody th[scope=row]").length).toBeGreaterThan(10);
  });

  it("tags the best value of a row in words, and not a tie's loser", () => {
    const container = document.createElement("div");
    container.innerHTML = renderToStaticMarkup(<MetricsTable columns={COLUMNS} />);
    expect(rowCells(container, "First token")).toEqual(["100 ms, best", "250 ms"]);
    // Equal everywhere: both are best.
    expect(rowCells(container, "First rendered block")).toEqual(["400 ms, best", "400 ms, best"]);
    // Neither direction is better: no tag.
    expect(rowCells(container, "Blocks")).toEqual(["2", "2"]);
  });

  it("marks estimated token counts, only in the column that estimated them, and says what a dash means", () => {
    const container = document.createElement("div");
    container.innerHTML = renderToStaticMarkup(<MetricsTable columns={COLUMNS} />);
    expect(rowCells(container, "Tokens out")).toEqual(["300", "300est."]);
    expect(rowCells(container, "UI tokens per node (render_ui)")).toEqual(["—not measured", "—not measured"]);
    expect(container.textContent).toContain("est.: estimated on this server");
    expect(isEstimatedCell({ key: "uiTokensPerNode.ui" }, { label: "A", metrics: [pane()] })).toBe(true);
    expect(isEstimatedCell({ key: "tokensIn" }, { label: "A", metrics: [pane()] })).toBe(false);
  });

  it("copies the table as Markdown and says so", async () => {
    const written: string[] = [];
    const writeText = async (text: string) => {
      written.push(text);
    };
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    const container = mount();
    const button = [...container.querySelectorAll("button")].find((candidate) => candidate.textContent === "Copy as Markdown");
    await act(async () => button?.click());
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^\| Metric \| A \| B \|\n/);
    expect(container.querySelector("[role=status]")?.textContent).toBe("Copied the table as Markdown.");
  });

  it("shows the CSV to copy by hand when the clipboard refuses", async () => {
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText: async () => Promise.reject(new Error("denied")) } });
    const container = mount();
    const button = [...container.querySelectorAll("button")].find((candidate) => candidate.textContent === "Copy as CSV");
    await act(async () => button?.click());
    expect(container.querySelector("[role=status]")?.textContent).toContain("Could not copy");
    const textarea = container.querySelector("textarea");
    expect(textarea?.value.startsWith("Metric,Unit,A,B\r\n")).toBe(true);
    expect(container.querySelector(`label[for="${textarea?.id}"]`)?.textContent).toBe("The table as CSV");
  });
});
