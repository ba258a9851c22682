import { describe, expect, it } from "vitest";
import { storableJson, storableText } from "./storable-text";

const R = "\uFFFD";

describe("storableText", () => {
  it.each([
    ["plain text", "plain text", 0],
    ["a\u0000b", `a${R}b`, 1],
    ["\u0000\u0000", `${R}${R}`, 2],
    // A whole pair is a character and stays; either half alone is replaced, one unit for one.
    ["a\ud83d\ude00b", "a\ud83d\ude00b", 0],
    ["a\ud83db", `a${R}b`, 1],
    ["a\ude00b", `a${R}b`, 1],
    ["\ud83d", R, 1],
    ["\ude00\ud83d", `${R}${R}`, 2],
    ["\ud83d\ud83d\ude00", `${R}\ud83d\ude00`, 1],
    // Other control characters are stored as they are: Postgres refuses only NUL.
    ["tab\tand\u0001", "tab\tand\u0001", 0],
  ])("%j → %j (%i replaced)", (input, text, replaced) => {
    const result = storableText(input);
    expect(result).toEqual({ text, replaced });
    expect(result.text.length).toBe(input.length);
  });
});

describe("storableJson", () => {
  it("cleans every string of a JSON value, keys included, and counts what it replaced", () => {
    const result = storableJson({ title: "a\u0000", items: [{ "k\u0000": "\ud800", n: 1, ok: true, none: null }] });
    expect(result).toEqual({ value: { title: `a${R}`, items: [{ [`k${R}`]: R, n: 1, ok: true, none: null }] }, replaced: 3 });
  });

  it("returns a clean value as it is, without copying it", () => {
    const value = { spec: { items: [{ type: "text", text: "fine 😀" }] } };
    const result = storableJson(value);
    expect(result.value).toBe(value);
    expect(result.replaced).toBe(0);
  });

  it("keeps a __proto__ key an own property, as JSON.parse made it", () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": "x\\u0000"}}') as Record<string, unknown>;
    const result = storableJson(parsed);
    expect(Object.prototype.hasOwnProperty.call(result.value, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(result.replaced).toBe(1);
  });
});
