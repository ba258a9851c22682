import { describe, expect, it } from "vitest";
import { blockBuilder } from "../evaluate/testing/block-builder";
import { UiFailure } from "../failure";
import { UiState } from "../state/ui-state";
import { UiQuerySchema } from "./query";
import { uiQueryArguments } from "./query-arguments";
import { uiQueryKey } from "./query-key";

/** Runs `action` and returns the code of the `UiFailure` it throws (fails the test otherwise). */
function failureCode(action: () => unknown): string {
  try {
    action();
  } catch (caught) {
    expect(caught).toBeInstanceOf(UiFailure);
    return (caught as UiFailure).code;
  }
  throw new Error("expected a UiFailure");
}

function queryPanel(options: { complete?: boolean; catalog?: string } = {}) {
  const b = blockBuilder("q");
  return b.block(
    [
      b.element("Segmented", { bindings: { value: "branch" } }, [
        b.element("Option", { props: { value: "main", label: "main" } }),
        b.element("Option", { props: { value: "dev", label: "dev" } }),
      ]),
      b.element("Slider", { props: { label: "Limit", min: 10, max: 100, step: 10 }, bindings: { value: "limit" } }),
    ],
    [
      b.state("branch", "main"),
      b.state("limit", 20),
      b.computed("doubled", "$limit * 2"),
      b.query("runs", "tests", "{branch: $branch, limit: $doubled}"),
      b.computed("firstName", "$runs[0].name"),
      b.query("detail", "test", "{name: $firstName}"),
      b.query("direct", "test", "{rows: $runs}"),
      b.computed("loopA", "$loopB"),
      b.computed("loopB", "$loopA"),
      b.query("looped", "test", "{x: $loopA}"),
      b.query("plain", "status"),
      b.query("listy", "status", "[$branch]"),
    ],
    options,
  );
}

describe("uiQueryArguments", () => {
  it("evaluates the stored arguments with the declared defaults", () => {
    const block = queryPanel();
    const query = uiQueryArguments(block, "runs");
    expect(query).toEqual({ name: "runs", source: "tests", arguments: { branch: "main", limit: 40 }, key: uiQueryKey(block.declarations[3]!) });
    expect(Object.isFrozen(query)).toBe(true);
    expect(UiQuerySchema.parse(query)).toEqual(query);
    expect(uiQueryArguments(block, "plain").arguments).toEqual({});
  });

  it("evaluates them with validated input values", () => {
    const block = queryPanel();
    expect(uiQueryArguments(block, "runs", { branch: "dev", limit: 50 }).arguments).toEqual({ branch: "dev", limit: 100 });
    expect(failureCode(() => uiQueryArguments(block, "runs", { branch: "prod" }))).toBe("invalid_input");
    expect(failureCode(() => uiQueryArguments(block, "runs", { limit: 55 }))).toBe("invalid_input");
    expect(failureCode(() => uiQueryArguments(block, "runs", { runs: [{ name: "x" }] }))).toBe("not_state");
  });

  it("refuses arguments that read query data, directly or through computed values or cycles", () => {
    const block = queryPanel();
    expect(failureCode(() => uiQueryArguments(block, "direct"))).toBe("query_dependency");
    expect(failureCode(() => uiQueryArguments(block, "detail"))).toBe("query_dependency");
    expect(failureCode(() => uiQueryArguments(block, "looped"))).toBe("query_dependency");
  });

  it("refuses names that are not queries, arguments that are not an object and other catalogs", () => {
    const block = queryPanel();
    expect(failureCode(() => uiQueryArguments(block, "branch"))).toBe("unknown_query");
    expect(failureCode(() => uiQueryArguments(block, "missing"))).toBe("unknown_query");
    expect(failureCode(() => uiQueryArguments(block, "listy"))).toBe("query_arguments");
    expect(failureCode(() => uiQueryArguments(queryPanel({ catalog: "7" }), "runs"))).toBe("unsupported_catalog");
  });

  it("describes exactly the definition a state accepts results for", () => {
    const block = queryPanel();
    const state = new UiState(block);
    const query = uiQueryArguments(block, "runs");
    state.setQuery("runs", [{ name: "t1" }], query);
    expect(state.value("firstName")).toBe("t1");
    const b = blockBuilder("q");
    const replaced = b.block([], [b.query("runs", "tests", "{branch: $branch}")]);
    state.sync({ ...replaced, declarations: [...block.declarations.filter((declaration) => declaration.name !== "runs"), replaced.declarations[0]!] });
    expect(failureCode(() => state.setQuery("runs", [], query))).toBe("replaced_query");
  });
});
