import { describe, expect, it } from "vitest";
import { isUiSafeHref } from "@/lib/ui/link/resolution";
import { projectCommitHref, projectDiffHref, projectFileHref, projectHref, projectNodeHref } from "./project-paths";

describe("project paths", () => {
  it("are relative app paths with every dynamic part encoded", () => {
    expect(projectFileHref("demo", "lib/billing/invoice.ts", 42)).toBe("/projects/demo/files/lib/billing/invoice.ts?line=42#L42");
    expect(projectFileHref("demo", "docs/a b/c#d.md")).toBe("/projects/demo/files/docs/a%20b/c%23d.md");
    expect(projectNodeHref("demo", "service:billing-api")).toBe("/projects/demo/nodes/service%3Abilling-api");
    expect(projectCommitHref("demo", "4f2c9e1b7d3a5e8c0f6b2d9a1c4e7f3b8a5d0c21")).toBe("/projects/demo/commits/4f2c9e1b7d3a5e8c0f6b2d9a1c4e7f3b8a5d0c21");
    expect(projectDiffHref("demo", "invoice-rounding")).toBe("/projects/demo/diffs/invoice-rounding");
    expect(projectHref("a/../b")).toBe("/projects/a%2F..%2Fb");
  });

  it("pass the resolution schema's href check even for hostile names", () => {
    for (const href of [
      projectFileHref("demo", "a\tb/\u0000c\n.ts", 1),
      projectFileHref("demo", "//evil.example/x"),
      projectNodeHref("demo", "service:\\\\evil"),
      projectDiffHref("demo", " javascript:alert(1)"),
    ]) {
      expect(isUiSafeHref(href), href).toBe(true);
      expect(href.startsWith("/projects/")).toBe(true);
    }
  });
});
