import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Chart } from "./chart";

const rows = [
  { label: "Mon", passed: 40, failed: 2 },
  { label: "Tue", passed: 38, failed: null },
];

describe("Chart", () => {
  it("is one labelled image with every value in a visually hidden table", () => {
    const markup = renderToStaticMarkup(<Chart kind="line" rows={rows} title="Test runs" unit="tests" />);
    expect(markup).toContain('role="img"');
    expect(markup).toContain('aria-label="Line chart: Test runs. 2 points of passed, failed. The values are in the table that follows."');
    expect(markup).toContain('<table class="visually-hidden">');
    expect(markup).toContain("<th scope=\"row\">Mon</th><td>40 tests</td><td>2 tests</td>");
    expect(markup).toContain("<td>no value</td>");
    expect(markup).toContain('data-kind="line"');
  });

  it("summarises a pie by its first series only", () => {
    const markup = renderToStaticMarkup(<Chart kind="pie" rows={rows} series={[{ field: "passed", name: "Passed" }, { field: "failed" }]} />);
    expect(markup).toContain("Pie chart. 2 slices of Passed.");
    expect(markup).not.toContain(">failed<");
  });

  it("says when there is nothing to draw", () => {
    const markup = renderToStaticMarkup(<Chart kind="bar" rows={[]} />);
    expect(markup).toContain("No data to draw.");
    expect(markup).not.toContain('role="img"');
  });

  it("says its drawn marks in its summary, and names a mark whose x is no row's label under it", () => {
    const marks = [{ x: "Tue", label: "v2.1" }, { y: 40, label: "Goal" }, { x: "Sun", label: "Freeze" }, { y: 3 }];
    const markup = renderToStaticMarkup(<Chart kind="line" rows={rows} unit="tests" marks={marks} />);
    expect(markup).toContain("Marked: v2.1 at Tue; Goal at 40 tests; a line at 3 tests. The values");
    expect(markup).toContain("Not on the x axis: Freeze at Sun.");
    const pie = renderToStaticMarkup(<Chart kind="pie" rows={rows} marks={marks} />);
    expect(pie).not.toContain("Marked:");
    expect(pie).not.toContain("Not on the x axis");
  });

  it("prints hostile labels and titles as text", () => {
    const markup = renderToStaticMarkup(
      <Chart kind="bar" rows={[{ label: "<img src=x onerror=alert(1)>", value: 1 }]} title={'"><script>alert(1)</script>'} />,
    );
    expect(markup).not.toMatch(/<img|<script/);
    expect(markup).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });
});
