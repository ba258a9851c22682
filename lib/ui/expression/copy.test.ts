import { describe, expect, it } from "vitest";
import { UiBudget } from "./budget";
import { copyUiValue } from "./copy";
import { failureOf } from "./test-support";

function codeOf(input: unknown, budget?: UiBudget): string {
  return failureOf(() => copyUiValue(input, budget)).code;
}

describe("copyUiValue: accepted values", () => {
  it("copies JSON values deeply into fresh plain objects", () => {
    const input = { a: [1, "two", true, null, { b: -3.5 }], c: {} };
    const copy = copyUiValue(input);
    expect(copy).toEqual(input);
    expect(copy).not.toBe(input);
    const copied = copy as { a: unknown[] };
    expect(copied.a).not.toBe(input.a);
    expect(copied.a[4]).not.toBe(input.a[4]);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
  });

  it("accepts null-prototype objects and frozen values, and copies them as plain objects", () => {
    const bare = Object.create(null) as Record<string, unknown>;
    bare.x = 1;
    const copy = copyUiValue(bare) as Record<string, unknown>;
    expect(copy).toEqual({ x: 1 });
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(copyUiValue(Object.freeze({ list: Object.freeze([1, 2]) }))).toEqual({ list: [1, 2] });
  });

  it("keeps a shared (not cyclic) value, copying it at each place", () => {
    const shared = { n: 1 };
    const copy = copyUiValue({ a: shared, b: [shared, shared] }) as { a: object; b: object[] };
    expect(copy).toEqual({ a: { n: 1 }, b: [{ n: 1 }, { n: 1 }] });
    expect(copy.a).not.toBe(copy.b[0]);
  });

  it("turns -0 into 0 and drops undefined properties", () => {
    expect(Object.is(copyUiValue(-0), 0)).toBe(true);
    expect(copyUiValue({ a: undefined, b: 1 })).toEqual({ b: 1 });
    expect(Object.keys(copyUiValue({ a: undefined }) as object)).toEqual([]);
  });

  it("copies strings of any content and keys that only resemble forbidden ones", () => {
    expect(copyUiValue({ "__proto": 1, constructors: 2, "": 3, "a.b": "\u0000😀" })).toEqual({
      "__proto": 1,
      constructors: 2,
      "": 3,
      "a.b": "\u0000😀",
    });
  });
});

describe("copyUiValue: refusals", () => {
  it.each<[string, unknown, string]>([
    ["NaN", Number.NaN, "non_finite"],
    ["Infinity", Number.POSITIVE_INFINITY, "non_finite"],
    ["-Infinity in a list", [Number.NEGATIVE_INFINITY], "non_finite"],
    ["undefined", undefined, "invalid_value"],
    ["undefined in a list", [1, undefined], "invalid_value"],
    ["a function", () => 1, "invalid_value"],
    ["a function property", { f: () => 1 }, "invalid_value"],
    ["a symbol", Symbol("s"), "invalid_value"],
    ["a bigint", 10n, "invalid_value"],
    ["a Date", new Date(0), "invalid_value"],
    ["a Map", new Map(), "invalid_value"],
    ["a RegExp", /x/, "invalid_value"],
    ["a boxed string", Object("s"), "invalid_value"],
    ["an Error", new Error("x"), "invalid_value"],
    ["a typed array", new Uint8Array(2), "invalid_value"],
    ["a class instance", new (class Point { x = 1 })(), "invalid_value"],
    ["an object with a custom prototype", Object.create({ inherited: 1 }), "invalid_value"],
    ["an array subclass", new (class List extends Array {})(), "invalid_value"],
    ["a symbol key", { [Symbol("k")]: 1 }, "invalid_value"],
    ["a sparse array", [1, , 3], "sparse_array"],
    ["a long empty array", new Array(5), "sparse_array"],
    ["__proto__ as an own key", JSON.parse('{"__proto__": {"polluted": true}}'), "forbidden_key"],
    ["constructor", { constructor: 1 }, "forbidden_key"],
    ["prototype, nested", { a: [{ prototype: 1 }] }, "forbidden_key"],
  ])("%s → %s", (_, input, code) => {
    expect(codeOf(input)).toBe(code);
  });

  it("refuses a non-enumerable property and leaves named properties of a list out, as JSON does", () => {
    const hidden = {};
    Object.defineProperty(hidden, "x", { value: 1, enumerable: false });
    expect(codeOf(hidden)).toBe("invalid_value");
    let calls = 0;
    const list = Object.assign([1, 2], { extra: 3 });
    Object.defineProperty(list, "sneaky", { enumerable: true, get: () => ++calls });
    const copy = copyUiValue(list);
    expect(copy).toEqual([1, 2]);
    expect(Object.keys(copy as object)).toEqual(["0", "1"]);
    expect(calls).toBe(0);
  });

  it("refuses a huge sparse array at once, before listing its keys", () => {
    const started = performance.now();
    const huge: unknown[] = [];
    huge.length = 4_000_000_000;
    expect(codeOf(huge)).toBe("budget_steps");
    expect(performance.now() - started).toBeLessThan(100);
  });

  it("refuses cycles, direct and indirect", () => {
    const self: Record<string, unknown> = {};
    self.self = self;
    expect(codeOf(self)).toBe("cycle");
    const list: unknown[] = [];
    list.push({ back: list });
    expect(codeOf(list)).toBe("cycle");
  });

  it("refuses values nested deeper than limits.nesting, without recursion trouble at any depth", () => {
    let deep: unknown = 1;
    for (let index = 0; index < 32; index++) deep = [deep];
    expect(() => copyUiValue(deep)).not.toThrow();
    expect(codeOf([deep])).toBe("budget_depth");
    let veryDeep: unknown = 1;
    for (let index = 0; index < 100_000; index++) veryDeep = { next: veryDeep };
    expect(codeOf(veryDeep)).toBe("budget_depth");
  });

  it("counts one step per value", () => {
    const budget = new UiBudget();
    copyUiValue({ a: [1, 2], b: "x" }, budget);
    expect(budget.steps).toBe(5);
    expect(codeOf(Array.from({ length: 100 }, () => 0), new UiBudget({ steps: 50 }))).toBe("budget_steps");
  });
});

describe("copyUiValue: accessor and prototype attacks", () => {
  it("never calls a getter, not even one that throws or counts", () => {
    let calls = 0;
    const counting = {};
    Object.defineProperty(counting, "x", { enumerable: true, get: () => ++calls });
    const throwing = {};
    Object.defineProperty(throwing, "x", {
      enumerable: true,
      get: () => {
        throw new Error("getter ran");
      },
    });
    const setterOnly = {};
    Object.defineProperty(setterOnly, "x", { enumerable: true, set: () => calls++ });
    expect(codeOf(counting)).toBe("accessor");
    expect(codeOf({ nested: [throwing] })).toBe("accessor");
    expect(codeOf(setterOnly)).toBe("accessor");
    const list = [1, 2];
    Object.defineProperty(list, 1, { enumerable: true, get: () => ++calls });
    expect(codeOf(list)).toBe("accessor");
    expect(calls).toBe(0);
  });

  it("never calls toJSON, valueOf or toString", () => {
    let calls = 0;
    const sneaky = Object.create(null) as Record<string, unknown>;
    sneaky.toJSON = () => ++calls;
    expect(codeOf(sneaky)).toBe("invalid_value");
    expect(codeOf({ valueOf: () => ++calls, toString: () => String(++calls) })).toBe("invalid_value");
    expect(calls).toBe(0);
  });

  it("does not read through a polluted Object.prototype or Array.prototype", () => {
    const prototype = Object.prototype as Record<string, unknown>;
    const arrayPrototype = Array.prototype as unknown as Record<number, unknown>;
    prototype.polluted = "yes";
    arrayPrototype[1] = "from the prototype";
    try {
      const copy = copyUiValue({ a: 1 }) as Record<string, unknown>;
      expect(Object.hasOwn(copy, "polluted")).toBe(false);
      expect(codeOf([0, , 2])).toBe("sparse_array");
    } finally {
      delete prototype.polluted;
      delete arrayPrototype[1];
    }
  });

  it("copies a Proxy's answers into plain values that no longer involve it", () => {
    let traps = 0;
    const target = { a: 1, list: [1, 2] };
    const proxy = new Proxy(target, {
      get() {
        traps++;
        return "from get";
      },
      getOwnPropertyDescriptor(object, key) {
        traps++;
        return Reflect.getOwnPropertyDescriptor(object, key);
      },
    });
    const copy = copyUiValue(proxy) as { a: number; list: number[] };
    expect(copy).toEqual({ a: 1, list: [1, 2] });
    expect(traps).toBeGreaterThan(0);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    const seen = traps;
    void copy.a;
    expect(traps).toBe(seen);
  });

  it("turns a throwing or revoked Proxy into an internal failure", () => {
    const throwing = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error("trap");
        },
      },
    );
    expect(codeOf(throwing)).toBe("internal");
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(codeOf(proxy)).toBe("internal");
  });

  it("refuses a Proxy whose traps claim a prototype or an accessor", () => {
    const classy = new Proxy({}, { getPrototypeOf: () => Date.prototype });
    expect(codeOf(classy)).toBe("invalid_value");
    const accessor = new Proxy(
      { x: 1 },
      { getOwnPropertyDescriptor: () => ({ configurable: true, enumerable: true, get: () => 1 }) },
    );
    expect(["accessor", "internal"]).toContain(codeOf(accessor));
  });
});
