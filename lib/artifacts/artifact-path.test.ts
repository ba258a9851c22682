import { describe, expect, it } from "vitest";
import { artifactFileName, checkArtifactPath } from "./artifact-path";
import { ARTIFACT_LIMITS } from "./limits";

describe("checkArtifactPath", () => {
  it.each(["report.md", "site/index.html", "data/2024 Q3 (final).csv", "Überblick.md", "a/b/c/d.txt", ".env.example", "notes"])("accepts %s", (path) => {
    expect(checkArtifactPath(path)).toEqual({ ok: true, path });
  });

  it.each([
    ["", /empty/],
    ["/etc/passwd", /absolute/],
    ["C:report.md", /absolute/],
    ["..", /`\.` or `\.\.`/],
    ["../secrets.md", /`\.` or `\.\.`/],
    ["site/../../x.md", /`\.` or `\.\.`/],
    ["./report.md", /`\.` or `\.\.`/],
    ["site\\index.html", /backslash/],
    ["site//index.html", /empty part/],
    ["site/", /empty part/],
    [" report.md", /starts or ends with a space/],
    ["a/b/c/d/e.md", /5 parts/],
    ["report\u0000.md", /U\+0000/],
    ["report\u202e.md", /U\+202E/],
    ["re\nport.md", /U\+000A/],
    ["what?.md", /not allowed/],
    ["x".repeat(ARTIFACT_LIMITS.pathLength + 1), /characters long/],
  ])("refuses %j with a reason the model can act on", (path, reason) => {
    const check = checkArtifactPath(path);
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(check.error).toMatch(reason);
      expect(check.error).toContain("Use a relative name such as");
    }
  });

  it("refuses what is not a string", () => {
    expect(checkArtifactPath(42).ok).toBe(false);
    expect(checkArtifactPath(undefined).ok).toBe(false);
  });

  it("normalizes to NFC, so the same name typed two ways is one artifact", () => {
    const decomposed = "Cafe\u0301.md";
    expect(checkArtifactPath(decomposed)).toEqual({ ok: true, path: "Caf\u00e9.md" });
  });

  it("names a download after the last part", () => {
    expect(artifactFileName("site/index.html")).toBe("index.html");
    expect(artifactFileName("report.md")).toBe("report.md");
  });
});
