// @vitest-environment happy-dom
/**
 * A chart's marks are drawn as recharts reference lines: one per mark, with
 * its label as text, a threshold above the data still inside the drawing.
 * Recharts measures its box, so the box is given a size here.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { Chart, type ChartProps } from "./chart";
import { CHART_MAX_MARKS } from "./chart-data";

let root: Root | undefined;
let host: HTMLElement | undefined;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const size = { width: 600, height: 260 };
  Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get: () => size.width });
  Object.defineProperty(HTMLElement.prototype, "clientHeight", { configurable: true, get: () => size.height });
  HTMLElement.prototype.getBoundingClientRect = () => ({ ...size, top: 0, left: 0, right: size.width, bottom: size.height, x: 0, y: 0, toJSON: () => size });
});

afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  root = undefined;
});

async function draw(props: ChartProps): Promise<HTMLElement> {
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(<Chart {...props} />));
  // Recharts lays out after its first measurement.
  await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
  return host;
}

const rows = [
  { label: "Mon", ms: 120 },
  { label: "Tue", ms: 340 },
  { label: "Wed", ms: 180 },
];

describe("Chart marks", () => {
  it("draws one reference line per mark, labelled, a threshold above the data included", async () => {
    const drawn = await draw({ kind: "line", rows, unit: "ms", marks: [{ x: "Tue", label: "v2.1" }, { y: 500, label: "SLO <b>" }] });
    expect(drawn.querySelectorAll(".recharts-reference-line")).toHaveLength(2);
    const texts = [...drawn.querySelectorAll(".recharts-label")].map((text) => text.textContent);
    expect(texts).toEqual(expect.arrayContaining(["v2.1", "SLO <b>"]));
    // The threshold is above every value, and the axis grew to hold it: its line lies inside the plot.
    const threshold = drawn.querySelector('.recharts-reference-line-line[y="500"]');
    expect(Number(threshold?.getAttribute("y1"))).toBeGreaterThan(0);
    expect(drawn.querySelector("b")).toBeNull();
  });

  it("draws at most the cap, none off the x axis and none on a pie", async () => {
    const many = Array.from({ length: CHART_MAX_MARKS + 3 }, (_, index) => ({ y: index * 10 }));
    expect((await draw({ kind: "bar", rows, marks: many })).querySelectorAll(".recharts-reference-line")).toHaveLength(CHART_MAX_MARKS);
    act(() => root?.unmount());
    expect((await draw({ kind: "bar", rows, marks: [{ x: "Sun" }] })).querySelectorAll(".recharts-reference-line")).toHaveLength(0);
    act(() => root?.unmount());
    expect((await draw({ kind: "pie", rows, marks: [{ y: 100 }] })).querySelectorAll(".recharts-reference-line")).toHaveLength(0);
  });
});
