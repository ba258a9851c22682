/**
 * The `required` extension (design/genui-dialect.md, "Extending the
 * dialect"): kept on `input`, `textarea` and `select` when it is a boolean,
 * reported and dropped when it is anything else, stripped like any unknown
 * field on other types, and a spec without it parses exactly as before.
 */
import { describe, expect, test } from "vitest";
import { parseGenuiSpec } from "./parse-genui-spec";

const parse = (items: unknown[]) => parseGenuiSpec({ items }, { surface: "fence" });
const OPTIONS = [{ label: "A", value: "a" }];

describe("required", () => {
  test("kept on input, textarea and select", () => {
    const { spec, diagnostics } = parse([
      { type: "input", field: "a", required: true },
      { type: "textarea", field: "b", required: false },
      { type: "select", field: "c", options: OPTIONS, required: true },
    ]);
    expect(diagnostics).toEqual([]);
    expect(spec?.items).toEqual([
      { type: "input", field: "a", required: true },
      { type: "textarea", field: "b", required: false },
      { type: "select", field: "c", options: OPTIONS, required: true },
    ]);
  });

  test("a value that is not a boolean is reported and dropped; the control stays", () => {
    const { spec, diagnostics } = parse([{ type: "input", field: "a", required: "yes" }]);
    expect(spec?.items).toEqual([{ type: "input", field: "a" }]);
    expect(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([["invalid_field", "items[0].required"]]);
  });

  test("on any other type it is an unknown field, stripped as the guide says", () => {
    const { spec, diagnostics } = parse([
      { type: "radio", field: "r", options: OPTIONS, required: true },
      { type: "checkbox", field: "k", required: true },
    ]);
    expect(spec?.items).toEqual([
      { type: "radio", field: "r", options: OPTIONS },
      { type: "checkbox", field: "k" },
    ]);
    expect(diagnostics.map((diagnostic) => diagnostic.path)).toEqual(["items[0].required", "items[1].required"]);
  });

  test("a spec without it parses to the same tree as before the extension", () => {
    const items = [
      { type: "input", field: "a", label: "A", placeholder: "p", value: "v" },
      { type: "textarea", field: "b", rows: 4 },
      { type: "select", field: "c", options: OPTIONS, value: "a" },
    ];
    const { spec, diagnostics } = parse(items);
    expect(diagnostics).toEqual([]);
    expect(spec?.items).toEqual(items);
  });
});
