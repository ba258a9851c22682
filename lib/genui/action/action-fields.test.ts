import { describe, expect, test } from "vitest";
import { parseGenuiSpec } from "../parse/parse-genui-spec";
import type { GenuiSpec } from "../schema/spec";
import { genuiActionFields } from "./action-fields";

function parse(spec: unknown): GenuiSpec {
  const parsed = parseGenuiSpec(spec, { surface: "fence" });
  if (parsed.spec === null) throw new Error("the test spec must parse");
  return parsed.spec;
}

const form = parse({
  items: [
    { type: "input", field: "summary", label: "Summary" },
    { type: "select", field: "range", value: "30d", options: [{ label: "7 days", value: "7d" }, { label: "30 days", value: "30d" }] },
    { type: "checkbox", field: "agree", checked: true },
    { type: "switch", field: "notify" },
    { type: "slider", field: "target", min: 0, max: 10 },
    { type: "number", field: "count", value: 3 },
    { type: "quiz", field: "q1", question: "?", options: [{ label: "A", value: "a" }], correct: "a" },
    {
      type: "tabs",
      tabs: [
        { label: "One", children: [{ type: "text", text: "first" }] },
        { label: "Two", children: [{ type: "textarea", field: "notes", value: "draft" }] },
      ],
    },
    { type: "radio", field: "mode", options: [{ label: "Simple", value: "simple" }], visibleWhen: { field: "agree", equals: true } },
    { type: "button", label: "Send", action: "send" },
  ],
});

describe("genuiActionFields", () => {
  test("untouched controls report their starting value; controls with none are left out", () => {
    expect(genuiActionFields(form, {})).toEqual({ range: "30d", agree: true, count: 3, notes: "draft" });
  });

  test("the user's values win over starting values, for every kind of field", () => {
    const fields = { summary: "Export fails", range: "7d", agree: false, notify: true, target: 7, count: 4, q1: "a", notes: "1. Open", mode: "simple" };
    expect(genuiActionFields(form, fields)).toEqual(fields);
  });

  test("a control hidden by visibleWhen or sitting in an unselected tab still counts: every field of the fence", () => {
    const values = genuiActionFields(form, { mode: "simple", notes: "typed in tab two" });
    expect(values.mode).toBe("simple");
    expect(values.notes).toBe("typed in tab two");
  });

  test("stored values of fields the spec no longer has are not sent", () => {
    expect(genuiActionFields(form, { stale: "old", summary: "x" })).not.toHaveProperty("stale");
  });

  test("two controls of one field report it once: the user's value, else the first starting value", () => {
    const spec = parse({
      items: [
        { type: "input", field: "name" },
        { type: "input", field: "name", value: "second" },
        { type: "input", field: "name", value: "third" },
      ],
    });
    expect(genuiActionFields(spec, {})).toEqual({ name: "second" });
    expect(genuiActionFields(spec, { name: "typed" })).toEqual({ name: "typed" });
  });

  test("a field named like an Object.prototype member is read as an own field only", () => {
    const spec = parse({ items: [{ type: "input", field: "toString" }, { type: "input", field: "hasOwnProperty", value: "x" }] });
    expect(genuiActionFields(spec, {})).toEqual({ hasOwnProperty: "x" });
    expect(genuiActionFields(spec, { toString: "typed" })).toEqual({ toString: "typed", hasOwnProperty: "x" });
  });
});
