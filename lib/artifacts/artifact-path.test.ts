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

  it("normalizes to NFKC, so fullwidth letters, ligatures and compatibility dots are the plain ones", () => {
    expect(checkArtifactPath("ｒｅｐｏｒｔ.md")).toEqual({ ok: true, path: "report.md" });
    expect(checkArtifactPath("\ufb01le.md")).toEqual({ ok: true, path: "file.md" });
    // Normalized first, checked after: a two-dot leader is `..`, a fullwidth solidus a `/`.
    expect(checkArtifactPath("\u2025/x.md").ok).toBe(false);
    expect(checkArtifactPath("site\uff0f\uff0f.md").ok).toBe(false);
  });

  it.each([
    ["U+3164 Hangul filler", "re\u3164port.md", "U+1160"],
    ["U+FE0F variation selector", "report\ufe0f.md", "U+FE0F"],
    ["U+034F combining grapheme joiner", "rep\u034fort.md", "U+034F"],
    ["U+115F Hangul choseong filler", "\u115freport.md", "U+115F"],
    ["U+17B4 Khmer inherent vowel", "report\u17b4.md", "U+17B4"],
    ["U+180B Mongolian variation selector", "rep\u180bort.md", "U+180B"],
    ["U+FFA0 halfwidth Hangul filler", "report.md\uffa0", "U+1160"],
    ["U+200B zero-width space", "re\u200bport.md", "U+200B"],
    ["U+200D zero-width joiner", "re\u200dport.md", "U+200D"],
    ["U+2060 word joiner", "report\u2060.md", "U+2060"],
    ["U+FEFF byte order mark", "\ufeffreport.md", "U+FEFF"],
    ["U+00AD soft hyphen", "re\u00adport.md", "U+00AD"],
    ["U+E0041 tag letter", "report\u{e0041}.md", "U+E0041"],
  ])("refuses a path holding the invisible %s, naming it", (_name, path, named) => {
    const check = checkArtifactPath(path);
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(check.error).toContain(named);
      expect(check.error).toMatch(/invisible character/);
    }
  });

  it.each(["\u202e", "\u202d", "\u2066", "\u2067", "\u2069", "\u200e", "\u200f", "\u061c"])("refuses a bidi control %j as one", (control) => {
    const check = checkArtifactPath(`report${control}dm.txt`);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.error).toMatch(/bidirectional control/);
  });

  it.each(["\u3164", "\u200b", "\ufe0f", "\u3164\u3164", "\u115f \u3164"])("refuses a path of nothing but invisible characters (%j) as empty", (path) => {
    const check = checkArtifactPath(path);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.error).toMatch(/^The path is empty/);
  });

  it("names a download after the last part", () => {
    expect(artifactFileName("site/index.html")).toBe("index.html");
    expect(artifactFileName("report.md")).toBe("report.md");
  });
});
