import { describe, expect, test } from "vitest";
import { parseGenuiSpec } from "../parse/parse-genui-spec";
import { genuiLint } from "./genui-lint";

const lint = (items: unknown[]) => {
  const { spec } = parseGenuiSpec({ items }, { surface: "fence" });
  if (spec === null) throw new Error("no spec");
  return genuiLint(spec).map((diagnostic) => [diagnostic.code, diagnostic.path]);
};

describe("genuiLint", () => {
  test("a slider or number named by no visibleWhen or filterBy is an unread control", () => {
    expect(lint([{ type: "slider", field: "n", min: 0, max: 1 }, { type: "number", field: "m" }])).toEqual([
      ["unread_control", "items[0]"],
      ["unread_control", "items[1]"],
    ]);
  });
  test("a slider read by a visibleWhen, a number read by a filterBy: nothing to say", () => {
    expect(
      lint([
        { type: "slider", field: "n", min: 0, max: 1 },
        { type: "text", text: "t", visibleWhen: { field: "n", gt: 0.5 } },
        { type: "number", field: "m" },
        { type: "input", field: "m" },
        { type: "table", columns: ["a"], rows: [], filterBy: { field: "m", column: "a" } },
      ]),
    ).toEqual([]);
  });
  test("a textarea with no button in its fence is an unread control", () => {
    expect(lint([{ type: "textarea", field: "t" }])).toEqual([["unread_control", "items[0]"]]);
    expect(lint([{ type: "textarea", field: "t" }, { type: "card", children: [{ type: "button", label: "Send", action: "send" }] }])).toEqual([]);
  });
  test("a required field with no button in its fence has nothing to wait for", () => {
    expect(lint([{ type: "input", field: "name", required: true }])).toEqual([["unread_control", "items[0].required"]]);
    expect(lint([{ type: "select", field: "s", options: [{ label: "A", value: "a" }], required: true }])).toEqual([["unread_control", "items[0].required"]]);
    expect(lint([{ type: "input", field: "name", required: true }, { type: "button", label: "Send", action: "send" }])).toEqual([]);
    // A textarea without a button is reported once, as before.
    expect(lint([{ type: "textarea", field: "t", required: true }])).toEqual([["unread_control", "items[0]"]]);
  });
  test("a range-gated node whose slider has a starting value stays hidden until it moves", () => {
    expect(lint([{ type: "slider", field: "n", min: 0, max: 10, value: 5 }, { type: "text", text: "t", visibleWhen: { field: "n", gte: 3 } }])).toEqual([
      ["hidden_until_moved", "items[1].visibleWhen"],
    ]);
  });
  test("a condition naming no control, and a filter naming a non-text control", () => {
    expect(
      lint([
        { type: "text", text: "t", visibleWhen: { field: "ghost", equals: "x" } },
        { type: "checkbox", field: "c" },
        { type: "table", columns: ["a"], rows: [], filterBy: { field: "c", column: "a" } },
      ]),
    ).toEqual([
      ["unknown_control", "items[0].visibleWhen"],
      ["filter_field_kind", "items[2].filterBy"],
    ]);
  });
});
