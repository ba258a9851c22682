import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { clampPercent, ProgressBar } from "./progress-bar";

describe("ProgressBar", () => {
  it("is a labelled progressbar with its value written out", () => {
    const markup = renderToStaticMarkup(<ProgressBar value={42.25} label="Regions updated" />);
    expect(markup).toContain('role="progressbar"');
    expect(markup).toContain('aria-label="Regions updated"');
    expect(markup).toContain('aria-valuenow="42.25"');
    expect(markup).toContain("42.3%");
    expect(markup).toContain("width:42.25%");
  });

  it("clamps what lies outside 0–100", () => {
    expect(clampPercent(140)).toBe(100);
    expect(clampPercent(-3)).toBe(0);
    expect(clampPercent(Number.NaN)).toBe(0);
    expect(renderToStaticMarkup(<ProgressBar value={250} />)).toContain('aria-valuenow="100"');
  });

  it("shows a value not known yet as a dash, with no current value announced", () => {
    const markup = renderToStaticMarkup(<ProgressBar value={null} label="Coverage" />);
    expect(markup).toContain("—");
    expect(markup).not.toContain("aria-valuenow");
  });
});
