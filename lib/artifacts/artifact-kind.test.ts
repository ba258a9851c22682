import { describe, expect, it } from "vitest";
import { artifactContentType, inferArtifactKind } from "./artifact-kind";

describe("inferArtifactKind", () => {
  it.each([
    ["report.md", "markdown"],
    ["Report.MARKDOWN", "markdown"],
    ["site/index.html", "html"],
    ["logo.svg", "svg"],
    ["data.csv", "csv"],
    ["data.json", "json"],
    ["notes.txt", "text"],
    ["README", "text"],
    [".env", "text"],
    ["main.ts", "code"],
    ["script.py", "code"],
    ["archive.001", "text"],
  ])("%s is %s", (path, kind) => {
    expect(inferArtifactKind(path)).toBe(kind);
  });

  it("serves code as plain text and every text type as UTF-8", () => {
    expect(artifactContentType("code")).toBe("text/plain; charset=utf-8");
    expect(artifactContentType("html")).toBe("text/html; charset=utf-8");
    expect(artifactContentType("svg")).toBe("image/svg+xml; charset=utf-8");
  });
});
