import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateUiExpression } from "../expression/evaluate";
import { parseUiExpression } from "../expression/parse";
import type { UiValue } from "../expression/value";
import { resolveUiLimits } from "../limits";
import { readUiConstant } from "./constant";

const limits = resolveUiLimits();

/** What the ordinary path gives: the value, or the failure's code. */
function ordinary(source: string): { value: UiValue } | { failure: string } {
  try {
    return { value: evaluateUiExpression(parseUiExpression(source)) };
  } catch (caught) {
    return { failure: (caught as { code: string }).code };
  }
}

/** A literal written the way a model might: bare or quoted keys, either quote, escapes, spaces, trailing commas. */
function literal(value: UiValue, choices: readonly number[], pretty: boolean, cursor = { at: 0 }): string {
  const pick = (count: number) => (choices[cursor.at++ % choices.length] ?? 0) % count;
  const space = () => (pretty ? [" ", "", "\n  ", "\t"][pick(4)] : "");
  if (value === null || typeof value === "boolean") return String(value);
  if (typeof value === "number") {
    const text = String(Math.abs(value));
    const shown = text.includes("e") ? text : [text, `${text}e0`, `0${text}`][pick(3)]!;
    return value < 0 || Object.is(value, -0) ? `-${space()}${shown}` : shown;
  }
  if (typeof value === "string") return quoted(value, pick(2) === 0 ? '"' : "'");
  if (Array.isArray(value)) {
    const items = value.map((item) => literal(item, choices, pretty, cursor));
    return `[${space()}${items.join(`,${space()}`)}${items.length > 0 && pick(2) === 0 ? "," : ""}${space()}]`;
  }
  const entries = Object.entries(value).map(([key, item]) => {
    const name = /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) && pick(3) !== 0 ? key : quoted(key, pick(2) === 0 ? '"' : "'");
    return `${name}${space()}:${space()}${literal(item, choices, pretty, cursor)}`;
  });
  return `{${space()}${entries.join(`,${space()}`)}${entries.length > 0 && pick(2) === 0 ? "," : ""}${space()}}`;
}

function quoted(text: string, quote: string): string {
  const escapes: Record<string, string> = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f", [quote]: `\\${quote}` };
  return quote + [...text].map((character) => escapes[character] ?? character).join("") + quote;
}

const safeJson = fc.jsonValue({ maxDepth: 6 }).filter((value) => !JSON.stringify(value).match(/"(__proto__|constructor|prototype)":/));

describe("readUiConstant", () => {
  it("reads data literals into the value the expression evaluates to", () => {
    const source = `[\n  {name: "checkout/a", ms: 120, failed: false, note: null},\n  {name: 'b\\'s', ms: -3.5e1, failed: true, "odd key": [1, 2,]},\n]`;
    expect(readUiConstant(source, limits)).toEqual({ value: evaluateUiExpression(parseUiExpression(source)) });
    expect(readUiConstant("-0", limits)).toEqual({ value: 0 });
    expect(readUiConstant(" true ", limits)).toEqual({ value: true });
  });

  it("gives up on anything that is not a plain literal, so the ordinary path decides", () => {
    for (const source of [
      "$x",
      "row",
      "[1, $x]",
      "1 + 2",
      "{a: 1, a: 2}",
      "{__proto__: 1}",
      '{"constructor": 1}',
      '"\\u{1F600}"',
      '"\\q"',
      "1e999",
      "12abc",
      "1.",
      ".5",
      "--1",
      "-'a'",
      "@Count([])",
      "[1 2]",
      "",
      "undefined",
      '"line\nbreak"',
      "[".repeat(40) + "]".repeat(40),
    ])
      expect(readUiConstant(source, limits), source).toBeNull();
  });

  it("agrees with parsing and evaluating, for any JSON value written any way", () => {
    fc.assert(
      fc.property(safeJson, fc.boolean(), fc.array(fc.nat(), { minLength: 1, maxLength: 50 }), (value, pretty, choices) => {
        const source = literal(value as UiValue, choices, pretty);
        const fast = readUiConstant(source, limits);
        const slow = ordinary(source);
        // Plain data always takes the fast path; whatever it reads, the ordinary path reads the same.
        expect(fast, source).not.toBeNull();
        expect(slow).toEqual({ value: fast?.value });
      }),
      { numRuns: 500 },
    );
  });

  it("never throws and never disagrees on arbitrary text", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom(..."[]{}:,\"'\\ -.e0123456789abtrufnl_\n") })), (source) => {
        const fast = readUiConstant(source, limits);
        if (fast) expect(ordinary(source)).toEqual({ value: fast.value });
      }),
      { numRuns: 2_000 },
    );
  });
});
