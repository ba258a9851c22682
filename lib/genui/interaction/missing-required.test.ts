import { describe, expect, test } from "vitest";
import { parseGenuiSpec } from "../parse/parse-genui-spec";
import type { GenuiFieldValues } from "../schema/condition";
import { missingRequiredFields } from "./missing-required";

const spec = (items: unknown[]) => {
  const parsed = parseGenuiSpec({ items }, { surface: "fence" });
  if (parsed.spec === null) throw new Error("no spec");
  return parsed.spec;
};
const missing = (items: unknown[], values: GenuiFieldValues, touched: GenuiFieldValues = values) =>
  missingRequiredFields(spec(items), { touched, values }).map((entry) => entry.label);

const BUTTON = { type: "button", label: "Submit", action: "submit" };

describe("missingRequiredFields", () => {
  test("an empty or blank required field is missing, by its label (else its field name)", () => {
    const items = [{ type: "input", field: "summary", label: "Summary", required: true }, { type: "textarea", field: "details", required: true }, BUTTON];
    expect(missing(items, {})).toEqual(["Summary", "details"]);
    expect(missing(items, { summary: "   ", details: "" })).toEqual(["Summary", "details"]);
    expect(missing(items, { summary: "Export fails", details: "Press Export." })).toEqual([]);
  });

  test("a starting value fills a required field; a select's value is text like any other", () => {
    const items = [
      { type: "input", field: "who", required: true, value: "Ada" },
      { type: "select", field: "level", label: "Level", required: true, options: [{ label: "Low", value: "low" }] },
      BUTTON,
    ];
    expect(missing(items, { who: "Ada" }, {})).toEqual(["Level"]);
    expect(missing(items, { who: "Ada", level: "low" }, { level: "low" })).toEqual([]);
  });

  test("without required nothing is ever missing, as before the extension", () => {
    expect(missing([{ type: "input", field: "a" }, { type: "textarea", field: "b", required: false }, BUTTON], {})).toEqual([]);
  });

  test("a required field hidden by its own or an ancestor's visibleWhen does not count; one in another tab does", () => {
    const items = [
      { type: "switch", field: "more" },
      { type: "input", field: "own", required: true, visibleWhen: { field: "more", equals: true } },
      { type: "card", visibleWhen: { field: "more", equals: true }, children: [{ type: "input", field: "nested", required: true }] },
      { type: "tabs", tabs: [{ label: "One", children: [] }, { label: "Two", children: [{ type: "input", field: "tabbed", required: true }] }] },
      BUTTON,
    ];
    expect(missing(items, {})).toEqual(["tabbed"]);
    expect(missing(items, { more: true })).toEqual(["own", "nested", "tabbed"]);
  });
});
