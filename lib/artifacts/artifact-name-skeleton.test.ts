import { describe, expect, it } from "vitest";
import { artifactNameSkeleton, lookAlikeArtifactPath } from "./artifact-name-skeleton";
import { checkArtifactPath } from "./artifact-path";

describe("artifactNameSkeleton", () => {
  it.each([
    ["Cyrillic е", "r\u0435port.md"],
    ["Cyrillic о and р", "re\u0440\u043ert.md"],
    ["Greek ο", "rep\u03bfrt.md"],
    ["Greek capitals", "\u03a4\u039f\u039a\u0395\u039d.md", "token.md"],
    ["Armenian օ", "rep\u0585rt.md"],
    ["fullwidth letters", "\uff52\uff45\uff50\uff4f\uff52\uff54.md"],
    ["mathematical letters", "\u{1d42b}eport.md"],
    ["capitals", "REPORT.md"],
    ["Cyrillic capitals", "R\u0415P\u041eRT.MD"],
    ["dotless i in a name with i", "f\u0131le.md", "file.md"],
  ])("reads %s as the Latin name", (_name, path, latin = "report.md") => {
    expect(artifactNameSkeleton(path)).toBe(artifactNameSkeleton(latin));
  });

  it.each([
    ["report.md", "reports.md"],
    ["report.md", "rёport.md"],
    ["file.md", "fiie.md"],
    ["отчёт.md", "report.md"],
    ["v1.md", "vl.md"],
    ["Überblick.md", "Uberblick.md"],
  ])("keeps %s and %s apart: they read differently", (one, other) => {
    expect(artifactNameSkeleton(one)).not.toBe(artifactNameSkeleton(other));
  });
});

describe("lookAlikeArtifactPath", () => {
  const existing = ["report.md", "site/index.html", "data/Q3.csv"];

  it("names the artifact a new path reads as", () => {
    expect(lookAlikeArtifactPath("r\u0435port.md", existing)).toBe("report.md");
    expect(lookAlikeArtifactPath("Report.md", existing)).toBe("report.md");
    expect(lookAlikeArtifactPath("site/\u0456ndex.html", existing)).toBe("site/index.html");
    expect(lookAlikeArtifactPath("DATA/q3.csv", existing)).toBe("data/Q3.csv");
  });

  it("finds nothing for the same path, or one that reads differently", () => {
    expect(lookAlikeArtifactPath("report.md", existing)).toBeUndefined();
    expect(lookAlikeArtifactPath("notes.md", existing)).toBeUndefined();
    expect(lookAlikeArtifactPath("report.md", [])).toBeUndefined();
  });

  it("leaves no two of the issue's ten 'report.md' names apart once checked: each is refused or reads as report.md", () => {
    const names = ["re\u3164port.md", "report\ufe0f.md", "rep\u034fort.md", "\u115freport.md", "report\u17b4.md", "rep\u180bort.md", "report\uffa0.md", "\uff52\uff45\uff50\uff4f\uff52\uff54.md", "r\u0435port.md", "\u3164"];
    for (const name of names) {
      const check = checkArtifactPath(name);
      if (check.ok) expect(lookAlikeArtifactPath(check.path, ["report.md"]) ?? check.path).toBe("report.md");
    }
  });
});
