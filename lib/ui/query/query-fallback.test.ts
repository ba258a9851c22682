import { describe, expect, it } from "vitest";
import { blockBuilder } from "../evaluate/testing/block-builder";
import { UiFailure } from "../failure";
import { uiQueryFallback } from "./query-fallback";

function reportBlock(catalog = "1") {
  const b = blockBuilder("r");
  return b.block(
    [
      b.element("Summary", {}, [b.interpolation("@Count($runs)"), b.text(" runs, "), b.interpolation("$failed"), b.text(" failed")]),
      b.element("Table", { expressions: { rows: "$runs" } }, [b.element("Column", { props: { field: "name", title: "Test" } })]),
      b.element("Show", { expressions: { when: "$failed > 0" } }, [
        b.element("Callout", { props: { tone: "danger", title: "Failures" } }, [b.text("Look at the failed tests.")]),
      ]),
    ],
    [b.query("runs", "tests"), b.computed("failed", "@Count(@Filter($runs, run, run.failed))")],
    { catalog },
  );
}

describe("uiQueryFallback", () => {
  it("writes the fallback with the query results filled in", () => {
    const text = uiQueryFallback(reportBlock(), {
      runs: [
        { name: "login works", failed: false },
        { name: "checkout totals", failed: true },
      ],
    });
    expect(text).toContain("2 runs, 1 failed");
    expect(text).toContain("login works");
    expect(text).toContain("checkout totals");
    expect(text).toContain("Failures");
  });

  it("leaves out what a false Show hides", () => {
    const text = uiQueryFallback(reportBlock(), { runs: [{ name: "ok", failed: false }] });
    expect(text).toContain("1 runs, 0 failed");
    expect(text).not.toContain("Failures");
  });

  it("keeps the compiled fallback of an unknown catalog", () => {
    expect(uiQueryFallback(reportBlock("5"), { runs: [] })).toBe("(fallback)");
  });

  it("refuses data for names that are not queries", () => {
    expect(() => uiQueryFallback(reportBlock(), { failed: 3 })).toThrow(UiFailure);
    try {
      uiQueryFallback(reportBlock(), { failed: 3 });
    } catch (caught) {
      expect((caught as UiFailure).code).toBe("unknown_query");
    }
  });
});
