import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { GENUI_SCAN_LIMITS } from "../limits";
import { scanJson } from "./scan-json";

/** Compares values the way JSON sees them (null-prototype objects equal plain ones). */
const plain = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

describe("valid JSON", () => {
  test("reads any JSON value exactly as JSON.parse does", () => {
    fc.assert(
      // Wrapped in an array: a bare number at the end of the text may still be growing, so it is never complete.
      fc.property(fc.jsonValue(), fc.boolean(), (value, pretty) => {
        const text = JSON.stringify([value], null, pretty ? 2 : undefined);
        const scan = scanJson(text);
        expect(scan.error).toBeNull();
        expect(scan.complete).toBe(true);
        expect(scan.value).toStrictEqual(reshape(JSON.parse(text)));
      }),
      { numRuns: 500 },
    );
  });
  test("escapes, unicode and white space", () => {
    const text = ' \n\t{"a\\"b": "\\u00e9\\n\\t\\\\\\/😀", "n": [-0.5e+3, 0, 1E2], "t": true, "f": false, "z": null} \r\n';
    expect(plain(scanJson(text).value)).toEqual(JSON.parse(text));
  });
  test("the last duplicate key wins, like JSON.parse", () => {
    expect(plain(scanJson('{"a": 1, "a": 2}').value)).toEqual({ a: 2 });
  });
  test("__proto__ is an ordinary own key of a null-prototype object", () => {
    const value = scanJson('{"__proto__": {"polluted": true}}').value as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBeNull();
    expect(Object.hasOwn(value, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
  test("raw control characters inside strings are accepted", () => {
    expect(plain(scanJson('{"code": "graph TD\n  A-->B"}').value)).toEqual({ code: "graph TD\n  A-->B" });
  });
});

/** JSON.parse's result rebuilt with null-prototype objects, as the reader builds them. */
function reshape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reshape);
  if (value !== null && typeof value === "object") {
    const copy = Object.create(null) as Record<string, unknown>;
    for (const [key, entry] of Object.entries(value)) copy[key] = reshape(entry);
    return copy;
  }
  return value;
}

describe("recovery: the end of the text closes what is open", () => {
  const cases: [string, unknown][] = [
    ['{"a": "hel', { a: "hel" }],
    ['{"a": 1, "b', { a: 1 }],
    ['{"a": 1, "b"', { a: 1 }],
    ['{"a": 1, "b":', { a: 1 }],
    ['{"a": 1, "b": ', { a: 1 }],
    ['{"a": tr', {}],
    ['{"a": nul', {}],
    ['{"a": 12', {}],
    ['{"a": -', {}],
    ['{"a": 1.5e', {}],
    ["[1, 2, ", [1, 2]],
    ["[1, 2", [1]],
    ['{"a": "x\\u00', { a: "x" }],
    ['{"a": "x\\', { a: "x" }],
    ['{"items": [{"type": "text", "text": "Hi', { items: [{ type: "text", text: "Hi" }] }],
    ['{"items": [{"type": "te', { items: [{ type: "te" }] }],
    ['{"a": [[[', { a: [[[]]] }],
    ["", undefined],
    ["   ", undefined],
  ];
  for (const [text, expected] of cases) {
    test(JSON.stringify(text), () => {
      const scan = scanJson(text);
      expect(plain(scan.value)).toEqual(expected);
      expect(scan.complete).toBe(false);
      expect(scan.error).toBeNull();
    });
  }
  test("every prefix of any JSON text reads without a throw and is complete only at the end", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        for (let end = 0; end < text.length; end += 1) {
          const scan = scanJson(text.slice(0, end));
          expect(scan.error).toBeNull();
          if (typeof value === "object" && value !== null) expect(scan.complete).toBe(false);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("recovery: a syntax error closes what is open and is reported", () => {
  test("a missing comma keeps what came before", () => {
    const scan = scanJson('{"a": 1 "b": 2}');
    expect(plain(scan.value)).toEqual({ a: 1 });
    expect(scan.error).toEqual({ offset: 8, message: "expected ',' or '}'" });
  });
  test("a trailing comma, a bad escape, a bad literal, a bad number", () => {
    expect(plain(scanJson("[1, 2,]").value)).toEqual([1, 2]);
    expect(scanJson('{"a": "\\x"}').error?.message).toBe("invalid escape");
    expect(plain(scanJson('{"a": truth}').value)).toEqual({});
    expect(scanJson("[01]").error?.message).toBe("invalid number");
  });
  test("text after the value", () => {
    const scan = scanJson('{"a": 1} and more');
    expect(plain(scan.value)).toEqual({ a: 1 });
    expect(scan.complete).toBe(false);
    expect(scan.error?.message).toBe("unexpected text after the value");
  });
  test("any string reads without a throw", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (text) => {
        scanJson(text);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe("budgets: only what a spec could keep is materialized", () => {
  test(`arrays keep ${GENUI_SCAN_LIMITS.arrayEntries} entries`, () => {
    const scan = scanJson(JSON.stringify(Array.from({ length: 10_000 }, (_, index) => index)));
    expect(scan.complete).toBe(true);
    expect((scan.value as number[]).length).toBe(GENUI_SCAN_LIMITS.arrayEntries);
    expect(scan.diagnostics).toEqual([]);
  });
  test(`strings keep ${GENUI_SCAN_LIMITS.stringLength} units, escapes included`, () => {
    expect((scanJson(JSON.stringify("a".repeat(100_000))).value as string).length).toBe(GENUI_SCAN_LIMITS.stringLength);
    expect((scanJson(JSON.stringify("\n".repeat(100_000))).value as string).length).toBe(GENUI_SCAN_LIMITS.stringLength);
  });
  test(`objects keep ${GENUI_SCAN_LIMITS.objectKeys} keys, and say so`, () => {
    const scan = scanJson(JSON.stringify(Object.fromEntries(Array.from({ length: 1_000 }, (_, index) => [`k${index}`, index]))));
    expect(Object.keys(scan.value as object)).toHaveLength(GENUI_SCAN_LIMITS.objectKeys);
    expect(scan.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["json_budget"]);
  });
  test(`nesting past ${GENUI_SCAN_LIMITS.depth} is read but not kept`, () => {
    const text = `${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`;
    const scan = scanJson(text);
    expect(scan.complete).toBe(true);
    expect(scan.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path.split(".").length])).toEqual([["json_budget", GENUI_SCAN_LIMITS.depth - 1]]);
  });
  test("over-long number tokens are not numbers", () => {
    expect(scanJson(`[${"9".repeat(1_000)}]`).value).toEqual([Number.NaN]);
  });
  test(`kept text stops at ${GENUI_SCAN_LIMITS.characters} units per body`, () => {
    const strings = Array.from({ length: 300 }, () => "s".repeat(5_000));
    const scan = scanJson(JSON.stringify(strings));
    const kept = (scan.value as string[]).reduce((sum, text) => sum + text.length, 0);
    expect(kept).toBe(GENUI_SCAN_LIMITS.characters);
    expect(scan.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["json_budget"]);
  });
  test(`values stop at ${GENUI_SCAN_LIMITS.values} per body`, () => {
    const rows = Array.from({ length: 500 }, () => Array.from({ length: 500 }, () => 1));
    const scan = scanJson(JSON.stringify(rows));
    const kept = 1 + (scan.value as number[][]).reduce((sum, row) => sum + 1 + row.length, 0);
    expect(kept).toBe(GENUI_SCAN_LIMITS.values);
  });
});
