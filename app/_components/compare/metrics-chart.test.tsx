// @vitest-environment happy-dom
/**
 * The timing chart's words: the summary a screen reader hears (every value,
 * a gap said as such) and the text legend beside the drawing.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { metricTable } from "@/lib/compare/metrics/metric-table";
import { PaneMetricsSchema, type PaneMetrics } from "@/lib/compare/metrics/pane-metrics";
import { MetricsChart, metricsChartSummary } from "./metrics-chart";

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

const PANES = [
  { label: "A", metrics: pane() },
  { label: "B", metrics: pane({ firstTokenMs: 250, firstBlockMs: null, finalMs: 2_400 }) },
];

describe("MetricsChart", () => {
  it("summarises every drawn value, saying which were not measured", () => {
    const table = metricTable(PANES.map((entry) => ({ label: entry.label, metrics: [entry.metrics] })));
    expect(metricsChartSummary(table, ["A", "B"])).toBe(
      "Bar chart of time from each pane's start, lower is better, for 2 panes. First token: A 100 ms, B 250 ms. First rendered block: A 400 ms, B not measured. Final tree: A 1.5 s, B 2.4 s.",
    );
  });

  it("is one labelled image with a text legend naming each pane", () => {
    const container = document.createElement("div");
    container.innerHTML = renderToStaticMarkup(<MetricsChart panes={PANES} />);
    expect(container.querySelector("[role=img]")?.getAttribute("aria-label")).toContain("First token: A 100 ms, B 250 ms");
    expect([...container.querySelectorAll("ul[aria-label=Legend] li")].map((item) => item.textContent)).toEqual(["A", "B"]);
    expect(container.querySelector("figcaption")?.textContent).toBe("Timings");
  });

  it("says so when nothing was timed yet", () => {
    const container = document.createElement("div");
    container.innerHTML = renderToStaticMarkup(<MetricsChart panes={[{ label: "A", metrics: pane({ firstTokenMs: null, firstBlockMs: null, finalMs: null }) }]} />);
    expect(container.querySelector("[role=img]")).toBeNull();
    expect(container.textContent).toContain("No timings measured yet.");
  });
});
