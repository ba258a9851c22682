import { describe, expect, it, vi } from "vitest";
import { blockBuilder } from "../evaluate/testing/block-builder";
import { parseUiExpression } from "../expression/parse";
import { UiFailure } from "../failure";
import { uiQueryKey } from "../query/query-key";
import { UiState } from "./ui-state";

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

describe("UiState defaults and scope", () => {
  it("starts from the declared defaults and keys the scope by name without $", () => {
    const { state, query, computed, block } = blockBuilder();
    const ui = new UiState(block([], [state("on", false), state("limit", 5), query("runs", "tests"), computed("twice", "$limit * 2")]));
    expect(ui.scope()).toEqual({ on: false, limit: 5, runs: null, twice: 10 });
    expect(ui.kindOf("on")).toBe("state");
    expect(ui.kindOf("runs")).toBe("query");
    expect(ui.kindOf("twice")).toBe("computed");
    expect(ui.kindOf("missing")).toBeUndefined();
  });

  it("hands out copies: editing the scope or a snapshot changes nothing", () => {
    const { state, block } = blockBuilder();
    const ui = new UiState(block([], [state("rows", [{ name: "a" }])]));
    const scope = ui.scope();
    (scope.rows as { name: string }[])[0]!.name = "changed";
    expect(ui.scope().rows).toEqual([{ name: "a" }]);
    const snapshot = ui.snapshot();
    expect(() => {
      (snapshot.values as Record<string, unknown>).rows = [];
    }).toThrow();
    expect(ui.value("rows")).toEqual([{ name: "a" }]);
  });

  it("ignores forbidden and repeated declaration names in a hand-made block", () => {
    const { state, block } = blockBuilder();
    const ui = new UiState(block([], [state("__proto__", 1), state("x", 1), state("x", "second")]));
    expect(ui.stateNames()).toEqual(["x"]);
    expect(ui.scope()).toEqual({ x: 1 });
    expect(Object.getPrototypeOf(ui.scope())).toBe(Object.prototype);
  });
});

describe("UiState and malformed arguments", () => {
  it("throws nothing but UiFailure", () => {
    expect(failureCode(() => new UiState(null as never))).toBe("internal");
    const { query, block } = blockBuilder();
    const definition = block([], [query("runs", "tests")]);
    const ui = new UiState(definition);
    expect(failureCode(() => ui.setQuery("runs", [], null as never))).toBe("internal");
    expect(failureCode(() => ui.sync(undefined as never))).toBe("internal");
    expect(failureCode(() => ui.run({ kind: "call", helper: "Set", arguments: null } as never))).toBe("internal");
    expect(failureCode(() => ui.run(42 as never))).toBe("not_an_action");
    expect(ui.isSyncedWith(null as never)).toBe(false);
  });
});

describe("UiState.sync", () => {
  it("keeps an edit while the default is unchanged, resets a changed default and drops removed variables", () => {
    const builder = blockBuilder();
    const first = builder.block([], [builder.state("kept", 1), builder.state("changed", "a"), builder.state("gone", true)]);
    const ui = new UiState(first);
    ui.set("kept", 10);
    ui.set("changed", "edited");
    ui.set("gone", false);

    const second = builder.block([], [builder.state("kept", 1), builder.state("changed", "b"), builder.state("added", [])]);
    ui.sync(second);
    expect(ui.scope()).toEqual({ kept: 10, changed: "b", added: [] });
    expect(ui.kindOf("gone")).toBeUndefined();
    expect(failureCode(() => ui.set("gone", true))).toBe("unknown_state");
  });

  it("resets a variable whose default changed type, and one that became computed", () => {
    const builder = blockBuilder();
    const ui = new UiState(builder.block([], [builder.state("x", 1), builder.state("y", 2)]));
    ui.set("x", 5);
    ui.set("y", 6);
    ui.sync(builder.block([], [builder.state("x", "one"), builder.computed("y", "$x + \"!\"")]));
    expect(ui.scope()).toEqual({ x: "one", y: "one!" });
    expect(failureCode(() => ui.set("x", 1))).toBe("type_change");
  });

  it("keeps query data while the definition is unchanged and clears it when it changes", () => {
    const builder = blockBuilder();
    const first = builder.block([], [builder.query("runs", "tests", '{branch: "main"}')]);
    const ui = new UiState(first);
    ui.setQuery("runs", [{ name: "a" }], first);

    const same = builder.block([], [builder.query("runs", "tests", '{branch: "main"}'), builder.state("extra", 1)]);
    ui.sync(same);
    expect(ui.value("runs")).toEqual([{ name: "a" }]);

    const changed = builder.block([], [builder.query("runs", "tests", '{branch: "dev"}')]);
    ui.sync(changed);
    expect(ui.value("runs")).toBeNull();
    const otherSource = builder.block([], [builder.query("runs", "builds", '{branch: "dev"}')]);
    ui.setQuery("runs", [1], changed);
    ui.sync(otherSource);
    expect(ui.value("runs")).toBeNull();
  });

  it("refuses a block of another identity", () => {
    const ui = new UiState(blockBuilder("one").block([]));
    expect(failureCode(() => ui.sync(blockBuilder("two").block([])))).toBe("other_block");
  });

  it("tells listeners when a sync changes something, and only then", () => {
    const builder = blockBuilder();
    const declarations = [builder.state("x", 1)];
    const ui = new UiState(builder.block([], declarations));
    const listener = vi.fn();
    ui.subscribe(listener);
    ui.sync(builder.block([], declarations));
    expect(listener).not.toHaveBeenCalled();
    ui.sync(builder.block([], [builder.state("x", 2)]));
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe("UiState.set", () => {
  const builder = blockBuilder();
  const fresh = () =>
    new UiState(
      builder.block(
        [],
        [
          builder.state("flag", false),
          builder.state("count", 0),
          builder.state("name", ""),
          builder.state("list", []),
          builder.state("record", {}),
          builder.state("nothing", null),
          builder.computed("double", "$count * 2"),
          builder.query("rows", "tests"),
        ],
      ),
    );

  it("changes state values of the same type", () => {
    const ui = fresh();
    ui.set("flag", true);
    ui.set("count", 3.5);
    ui.set("name", "Ada");
    ui.set("list", [1, "two", { three: 3 }]);
    ui.set("record", { a: [1] });
    ui.set("nothing", null);
    expect(ui.scope()).toMatchObject({ flag: true, count: 3.5, name: "Ada", list: [1, "two", { three: 3 }], record: { a: [1] }, double: 7 });
  });

  it("refuses a change of type, computed values, queries and undeclared names", () => {
    const ui = fresh();
    expect(failureCode(() => ui.set("flag", "true"))).toBe("type_change");
    expect(failureCode(() => ui.set("count", "1"))).toBe("type_change");
    expect(failureCode(() => ui.set("list", {}))).toBe("type_change");
    expect(failureCode(() => ui.set("record", []))).toBe("type_change");
    expect(failureCode(() => ui.set("nothing", 0))).toBe("type_change");
    expect(failureCode(() => ui.set("name", null))).toBe("type_change");
    expect(failureCode(() => ui.set("double", 4))).toBe("not_state");
    expect(failureCode(() => ui.set("rows", []))).toBe("not_state");
    expect(failureCode(() => ui.set("missing", 1))).toBe("unknown_state");
    expect(failureCode(() => ui.set("toString", 1))).toBe("unknown_state");
    expect(failureCode(() => ui.set("__proto__", {}))).toBe("unknown_state");
    expect(ui.scope()).toMatchObject({ flag: false, count: 0, name: "" });
  });

  it("refuses values that are not plain JSON without running their code", () => {
    const ui = fresh();
    const getter = vi.fn(() => 1);
    const withGetter = Object.defineProperty({}, "a", { get: getter, enumerable: true });
    expect(failureCode(() => ui.set("record", withGetter))).toBe("accessor");
    expect(getter).not.toHaveBeenCalled();
    expect(failureCode(() => ui.set("record", JSON.parse('{"__proto__": {"polluted": true}}')))).toBe("forbidden_key");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(failureCode(() => ui.set("count", Number.NaN))).toBe("non_finite");
    expect(failureCode(() => ui.set("record", new Date()))).toBe("invalid_value");
    expect(failureCode(() => ui.set("list", [1, , 3]))).toBe("sparse_array");
    expect(ui.value("record")).toEqual({});
  });

  it("stores a copy of its input", () => {
    const ui = fresh();
    const input = { a: [1] };
    ui.set("record", input);
    input.a.push(2);
    expect(ui.value("record")).toEqual({ a: [1] });
  });
});

describe("UiState.run", () => {
  const builder = blockBuilder();
  const fresh = () =>
    new UiState(builder.block([], [builder.state("x", 1), builder.state("label", "a"), builder.computed("next", "$x + 1")]));

  it("runs @Set, @Reset($name) and @Reset()", () => {
    const ui = fresh();
    ui.run("@Set($x, $next * 10)");
    expect(ui.value("x")).toBe(20);
    ui.run(parseUiExpression('@Set($label, "b")'));
    ui.run("@Reset($x)");
    expect(ui.scope()).toEqual({ x: 1, label: "b", next: 2 });
    ui.run("@Set($x, 7)");
    ui.run("@Reset()");
    expect(ui.scope()).toEqual({ x: 1, label: "a", next: 2 });
  });

  it("reads Each locals handed to it", () => {
    const ui = fresh();
    ui.run("@Set($label, row.name)", { row: { name: "from a row" } });
    expect(ui.value("label")).toBe("from a row");
  });

  it("accepts nothing but actions", () => {
    const ui = fresh();
    for (const source of ["$x", "1 + 1", "@Count([1])", '@Query("tests")', "[@Set($x, 2)]", "@Set($x, 2) + 1"]) {
      expect(failureCode(() => ui.run(source)), source).toBe("not_an_action");
    }
    expect(ui.value("x")).toBe(1);
  });

  it("refuses actions on computed values, type changes and failing expressions, changing nothing", () => {
    const ui = fresh();
    expect(failureCode(() => ui.run("@Set($next, 5)"))).toBe("not_state");
    expect(failureCode(() => ui.run("@Reset($next)"))).toBe("not_state");
    expect(failureCode(() => ui.run('@Set($x, "text")'))).toBe("type_change");
    expect(failureCode(() => ui.run("@Set($missing, 1)"))).toBe("unknown_state");
    expect(failureCode(() => ui.run('@Set($x, $label * 2)'))).toBe("type_mismatch");
    expect(failureCode(() => ui.run("@Set($x,"))).toBe("syntax");
    expect(ui.value("x")).toBe(1);
  });
});

describe("UiState.subscribe and snapshot", () => {
  it("notifies on each change, not on a same-value set, and stops after unsubscribe", () => {
    const { state, block } = blockBuilder();
    const ui = new UiState(block([], [state("x", 1)]));
    const listener = vi.fn();
    const unsubscribe = ui.subscribe(listener);
    ui.set("x", 2);
    ui.set("x", 2);
    ui.run("@Reset()");
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    ui.set("x", 3);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("returns the same snapshot object until a value changes", () => {
    const { state, block } = blockBuilder();
    const ui = new UiState(block([], [state("x", 1), state("items", ["a"])]));
    const first = ui.snapshot();
    expect(ui.snapshot()).toBe(first);
    expect(first).toEqual({ values: { x: 1, items: ["a"] } });
    ui.set("x", 2);
    const second = ui.snapshot();
    expect(second).not.toBe(first);
    expect(second.values.x).toBe(2);
    expect(first.values.x).toBe(1);
    expect(Object.isFrozen(second.values.items)).toBe(true);
  });

  it("keeps notifying the other listeners when one throws", () => {
    const { state, block } = blockBuilder();
    const ui = new UiState(block([], [state("x", 1)]));
    const good = vi.fn();
    ui.subscribe(() => {
      throw new Error("broken renderer");
    });
    ui.subscribe(good);
    expect(() => ui.set("x", 2)).not.toThrow();
    expect(good).toHaveBeenCalledTimes(1);
  });

  it("restores what still fits and reports what it dropped", () => {
    const { state, computed, block } = blockBuilder();
    const ui = new UiState(block([], [state("x", 1), state("name", "a"), computed("c", "$x")]));
    const listener = vi.fn();
    ui.subscribe(listener);
    const report = ui.restore({ values: { x: 5, name: 3, c: 1, gone: true } });
    expect(report.applied).toEqual(["x"]);
    expect(report.dropped).toEqual([
      { name: "name", code: "type_change" },
      { name: "c", code: "not_state" },
      { name: "gone", code: "unknown_state" },
    ]);
    expect(ui.scope()).toEqual({ x: 5, name: "a", c: 5 });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(failureCode(() => ui.restore([1]))).toBe("invalid_value");
    expect(failureCode(() => ui.restore(JSON.parse('{"values": {"__proto__": {"x": 1}}}')))).toBe("forbidden_key");
  });
});

describe("computed values", () => {
  it("follow the state and query data they read, through chains", () => {
    const { state, query, computed, block } = blockBuilder();
    const definition = block(
      [],
      [
        state("failedOnly", false),
        query("runs", "tests"),
        computed("shown", "$failedOnly ? @Filter($runs, run, run.failed) : $runs"),
        computed("count", "@Count($shown)"),
        computed("title", '$count + " runs"'),
      ],
    );
    const ui = new UiState(definition);
    // Before the host answers, the query is null and the list helpers read it as no rows.
    expect(ui.value("title")).toBe("0 runs");
    ui.setQuery("runs", [{ failed: true }, { failed: false }, { failed: true }], definition);
    expect(ui.value("title")).toBe("3 runs");
    ui.set("failedOnly", true);
    expect(ui.value("title")).toBe("2 runs");
    expect(ui.diagnostics()).toEqual([]);
  });

  it("are evaluated once per change, not once per read", () => {
    const { state, computed, block } = blockBuilder();
    const ui = new UiState(block([], [state("x", 1), computed("y", "$x + 1")]));
    ui.scope();
    const first = ui.scope();
    expect(first.y).toBe(2);
    ui.set("x", 2);
    expect(ui.scope().y).toBe(3);
  });

  it("are null with a diagnostic on a cycle, and never loop", () => {
    const { state, computed, block } = blockBuilder();
    const ui = new UiState(
      block([], [state("x", 1), computed("a", "$b + 1"), computed("b", "$a + 1"), computed("self", "$self"), computed("after", "$a"), computed("fine", "$x")]),
    );
    const started = Date.now();
    expect(ui.scope()).toEqual({ x: 1, a: null, b: null, self: null, after: null, fine: 1 });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(ui.diagnostics().map((diagnostic) => diagnostic.code).sort()).toEqual(
      ["computed_cycle", "computed_cycle", "computed_cycle", "computed_cycle"],
    );
  });

  it("handle a chain of thousands without overflowing the stack", () => {
    const { state, computed, block } = blockBuilder();
    const declarations = [state("v0", 0)];
    for (let index = 1; index <= 3_000; index += 1) declarations.push(computed(`v${index}`, `$v${index - 1} + 1`));
    // The time limit is lifted: a slow shared machine must not turn this test about depth into one about speed.
    const ui = new UiState(block([], declarations), { limits: { elapsedMs: 60_000 } });
    expect(ui.value("v3000")).toBe(3_000);
    expect(ui.diagnostics()).toEqual([]);
  });

  it("are null with the failure's code when they fail", () => {
    const { state, computed, block } = blockBuilder();
    const ui = new UiState(block([], [state("s", "a"), computed("bad", "$s * 2"), computed("unknown", "$nowhere"), computed("broken", "1 +")]));
    expect(ui.scope()).toEqual({ s: "a", bad: null, unknown: null, broken: null });
    expect(ui.diagnostics().map((diagnostic) => diagnostic.code)).toEqual(["type_mismatch", "unknown_variable", "syntax"]);
  });

  it("stay within the state's budget", () => {
    const { state, computed, block } = blockBuilder();
    const ui = new UiState(block([], [state("n", 1), computed("big", "@Map([1,2,3,4,5,6,7,8,9,10], i, i * $n)")]), { limits: { iterations: 5 } });
    expect(ui.value("big")).toBeNull();
    expect(ui.diagnostics()[0]?.code).toBe("budget_iterations");
  });
});

describe("UiState.setQuery", () => {
  it("stores a copy of host data for a declared query", () => {
    const { query, block } = blockBuilder();
    const definition = block([], [query("runs", "tests", '{branch: "main"}')]);
    const ui = new UiState(definition);
    const data = [{ name: "a" }];
    ui.setQuery("runs", data, definition);
    data[0]!.name = "changed";
    expect(ui.value("runs")).toEqual([{ name: "a" }]);
    ui.setQuery("runs", [], { name: "runs", source: "tests", arguments: { branch: "main" }, key: uiQueryKey(definition.declarations[0]!) });
    expect(ui.value("runs")).toEqual([]);
  });

  it("refuses undeclared names and names that are not queries", () => {
    const { query, state, block } = blockBuilder();
    const definition = block([], [query("runs", "tests"), state("x", 1)]);
    const ui = new UiState(definition);
    expect(failureCode(() => ui.setQuery("missing", [], definition))).toBe("unknown_query");
    expect(failureCode(() => ui.setQuery("x", 2, definition))).toBe("unknown_query");
    expect(failureCode(() => ui.setQuery("__proto__", {}, definition))).toBe("unknown_query");
  });

  it("refuses data fetched for a replaced definition", () => {
    const builder = blockBuilder();
    const old = builder.block([], [builder.query("runs", "tests", '{branch: "main"}')]);
    const current = builder.block([], [builder.query("runs", "tests", '{branch: "dev"}')]);
    const ui = new UiState(old);
    ui.sync(current);
    expect(failureCode(() => ui.setQuery("runs", [1], old))).toBe("replaced_query");
    expect(
      failureCode(() => ui.setQuery("runs", [1], { name: "runs", source: "tests", arguments: {}, key: uiQueryKey(old.declarations[0]!) })),
    ).toBe("replaced_query");
    expect(failureCode(() => ui.setQuery("runs", [1], blockBuilder("elsewhere").block([], [builder.query("runs", "tests", '{branch: "dev"}')])))).toBe(
      "replaced_query",
    );
    expect(ui.value("runs")).toBeNull();
    ui.setQuery("runs", [1], current);
    expect(ui.value("runs")).toEqual([1]);
  });

  it("refuses data with accessors or prototype keys", () => {
    const { query, block } = blockBuilder();
    const definition = block([], [query("runs", "tests")]);
    const ui = new UiState(definition);
    const getter = vi.fn(() => "secret");
    expect(failureCode(() => ui.setQuery("runs", [Object.defineProperty({}, "x", { get: getter, enumerable: true })], definition))).toBe(
      "accessor",
    );
    expect(getter).not.toHaveBeenCalled();
    expect(failureCode(() => ui.setQuery("runs", JSON.parse('[{"__proto__": {"admin": true}}]'), definition))).toBe("forbidden_key");
  });
});
