import { describe, expect, it } from "vitest";
import { UiLinkTargetSchema } from "./target";

describe("UiLinkTargetSchema", () => {
  it("accepts each kind", () => {
    const targets = [
      { kind: "file", path: "src/app.ts", line: 12 },
      { kind: "file", path: "README.md" },
      { kind: "diff", path: "src/app.ts", base: "main", head: "feature/x" },
      { kind: "diff" },
      { kind: "commit", sha: "4f2a9c1" },
      { kind: "node", ref: "service:billing" },
    ];
    for (const target of targets) expect(UiLinkTargetSchema.parse(target)).toEqual(target);
  });

  it("refuses bad fields, unknown kinds and extra keys", () => {
    const refused = [
      { kind: "file", path: "" },
      { kind: "file", path: "a.ts", line: 0 },
      { kind: "file", path: "a.ts", line: 1.5 },
      { kind: "file", path: "a\u0000.ts" },
      { kind: "commit", sha: "not-a-sha" },
      { kind: "commit", sha: "abc" },
      { kind: "node", ref: "" },
      { kind: "url", href: "https://x" },
      { kind: "file", path: "a.ts", href: "https://x" },
    ];
    for (const target of refused) expect(UiLinkTargetSchema.safeParse(target).success, JSON.stringify(target)).toBe(false);
  });
});
