import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BlockDataStatus } from "./block-data-status";

describe("BlockDataStatus", () => {
  it("says which queries are loading in a polite status, and nothing once all are ready", () => {
    const loading = renderToStaticMarkup(
      <BlockDataStatus queries={[{ name: "runs", phase: "loading", truncated: false }, { name: "jobs", phase: "ready", truncated: false }]} onRetry={() => {}} />,
    );
    expect(loading).toContain('role="status"');
    expect(loading).toContain("Loading live data ($runs)…");
    const ready = renderToStaticMarkup(<BlockDataStatus queries={[{ name: "runs", phase: "ready", truncated: false }]} onRetry={() => {}} />);
    expect(ready).not.toContain("Loading");
    expect(ready).not.toContain('role="alert"');
    expect(renderToStaticMarkup(<BlockDataStatus queries={[]} onRetry={() => {}} />)).toBe("");
  });

  it("shows each failed query with its message and a Retry button", () => {
    const markup = renderToStaticMarkup(
      <BlockDataStatus queries={[{ name: "runs", phase: "error", message: "The query took too long.", truncated: false }]} onRetry={() => {}} />,
    );
    expect(markup).toContain('role="alert"');
    expect(markup).toContain("<code>$runs</code>");
    expect(markup).toContain("The query took too long.");
    expect(markup).toMatch(/<button[^>]*>Retry<\/button>/);
  });
});
