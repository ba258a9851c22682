import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { formatUiAction } from "./format-ui-action";
import { parseUiAction } from "./parse-ui-action";

describe("formatUiAction", () => {
  test("writes the prefix and the keys in the guide's order", () => {
    expect(formatUiAction({ panel: "sales", action: "refresh", fields: { range: "30d" }, payload: { page: 2 } })).toBe(
      '[octo-ui-action] {"panel":"sales","action":"refresh","fields":{"range":"30d"},"payload":{"page":2}}',
    );
    expect(formatUiAction({ action: "refresh", fields: {} })).toBe('[octo-ui-action] {"action":"refresh","fields":{},"payload":{}}');
  });
});

describe("parseUiAction", () => {
  test("reads the guide's own example", () => {
    expect(parseUiAction('[octo-ui-action] {"action": "refresh", "fields": {"range": "7d"}, "payload": {}}')).toEqual({ action: "refresh", fields: { range: "7d" }, payload: {} });
    expect(parseUiAction('[octo-ui-action] {"panel": "sales", "action": "refresh", "fields": {"range": "30d"}}')).toEqual({ panel: "sales", action: "refresh", fields: { range: "30d" }, payload: {} });
  });
  const malformed: [string, string][] = [
    ["no prefix", '{"action": "a", "fields": {}}'],
    ["a prefix without its space", '[octo-ui-action]{"action": "a", "fields": {}}'],
    ["text before the prefix", ' [octo-ui-action] {"action": "a", "fields": {}}'],
    ["not JSON", "[octo-ui-action] {action: a}"],
    ["an array", "[octo-ui-action] []"],
    ["no action", '[octo-ui-action] {"fields": {}}'],
    ["an empty action", '[octo-ui-action] {"action": "", "fields": {}}'],
    ["no fields", '[octo-ui-action] {"action": "a"}'],
    ["a field holding an object", '[octo-ui-action] {"action": "a", "fields": {"x": {}}}'],
    ["a field holding null", '[octo-ui-action] {"action": "a", "fields": {"x": null}}'],
    ["a __proto__ field", '[octo-ui-action] {"action": "a", "fields": {"__proto__": "x"}}'],
    ["a __proto__ key in the payload", '[octo-ui-action] {"action": "a", "fields": {}, "payload": {"__proto__": {"admin": true}}}'],
    ["a payload too deep", `[octo-ui-action] {"action": "a", "fields": {}, "payload": ${'{"a":'.repeat(9)}1${"}".repeat(9)}}`],
    ["a payload that is not an object", '[octo-ui-action] {"action": "a", "fields": {}, "payload": [1]}'],
    ["a bad panel id", '[octo-ui-action] {"panel": "no spaces", "action": "a", "fields": {}}'],
    ["an unknown key", '[octo-ui-action] {"action": "a", "fields": {}, "extra": 1}'],
    ["too long", `[octo-ui-action] {"action": "a", "fields": {"x": "${"y".repeat(70_000)}"}}`],
  ];
  for (const [name, text] of malformed) {
    test(`null for ${name}`, () => {
      expect(parseUiAction(text)).toBeNull();
    });
  }
  test("round-trips any well-formed envelope", () => {
    const name = fc.string({ minLength: 1, maxLength: 20 }).filter((key) => !["__proto__", "constructor", "prototype"].includes(key));
    const envelope = fc.record(
      {
        panel: fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
        action: fc.string({ minLength: 1, maxLength: 50 }),
        fields: fc.dictionary(name, fc.oneof(fc.string(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean()), { maxKeys: 10 }),
        payload: fc.dictionary(name, fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 5 })), { maxKeys: 10 }),
      },
      { requiredKeys: ["action", "fields", "payload"] },
    );
    fc.assert(
      fc.property(envelope, (action) => {
        const normalized = JSON.parse(JSON.stringify(action)) as typeof action;
        expect(parseUiAction(formatUiAction(action))).toEqual(normalized);
      }),
      { numRuns: 300 },
    );
  });
  test("never throws on any text", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        parseUiAction(`[octo-ui-action] ${text}`);
        parseUiAction(text);
      }),
    );
  });
});
