import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { parseUiAction } from "@/lib/genui/action/parse-ui-action";
import { parseGenuiSpec } from "@/lib/genui/parse/parse-genui-spec";
import type { GenuiSpec } from "@/lib/genui/schema/spec";
import { findGenuiButton, panelActionTurn } from "./panel-action-turn";

function spec(raw: unknown): GenuiSpec {
  const parsed = parseGenuiSpec(raw, { surface: "fence" });
  if (!parsed.spec || parsed.diagnostics.length > 0) throw new Error(JSON.stringify(parsed.diagnostics));
  return parsed.spec;
}

const FORM = spec({
  id: "orders",
  items: [
    { type: "input", field: "q", label: "Search" },
    { type: "textarea", field: "note" },
    { type: "select", field: "range", label: "Range", options: [{ label: "Last 7 days", value: "7d" }, { label: "Last 30 days", value: "30d" }] },
    { type: "radio", field: "size", label: "Size", options: [{ label: "Small", value: "s" }] },
    { type: "checkbox", field: "details", label: "Details" },
    { type: "switch", field: "live", label: "Live" },
    { type: "slider", field: "target", label: "Target", min: 100, max: 300, step: 10 },
    { type: "number", field: "count", label: "Count", min: 1 },
    { type: "quiz", field: "answer", question: "Which is a teapot?", options: [{ label: "418", value: "418" }, { label: "404", value: "404" }], correct: "418" },
    {
      type: "tabs",
      tabs: [
        { label: "One", children: [{ type: "text", text: "first" }] },
        { label: "Two", children: [{ type: "row", children: [{ type: "button", label: "Export", action: "export", payload: { format: "csv" } }] }] },
      ],
    },
    { type: "button", label: "Refresh", action: "refresh" },
  ],
});

function refusedCode(run: () => unknown): string {
  try {
    run();
  } catch (caught) {
    if (caught instanceof AppError) return caught.code;
    throw caught;
  }
  return "accepted";
}

describe("panelActionTurn", () => {
  it("finds a button by the path the renderer gives it, however deep, and nothing else at a path", () => {
    expect(findGenuiButton(FORM, "items[9].tabs[1].children[0].children[0]")?.action).toBe("export");
    expect(findGenuiButton(FORM, "items[10]")?.action).toBe("refresh");
    for (const path of ["items[0]", "items[9]", "items[11]", "items[9].tabs[1].children[0]", "", "items[10] "]) expect(findGenuiButton(FORM, path), path).toBeUndefined();
  });

  it("writes the envelope from the stored button and panel, with the fields in the fence's order, and a summary by labels", () => {
    const turn = panelActionTurn({
      spec: FORM,
      button: "items[9].tabs[1].children[0].children[0]",
      fields: { details: true, range: "30d", q: "ada", target: 250, count: 3, answer: "418", note: "", size: "s", live: false },
    });
    expect(turn.text).toBe(
      '[octo-ui-action] {"panel":"orders","action":"export","fields":{"q":"ada","note":"","range":"30d","size":"s","details":true,"live":false,"target":250,"count":3,"answer":"418"},"payload":{"format":"csv"}}',
    );
    expect(parseUiAction(turn.text)).toEqual(turn.envelope);
    expect(turn.summary).toEqual({
      label: "Export",
      fields: [
        { label: "Search", value: "ada" },
        { label: "note", value: "" },
        { label: "Range", value: "Last 30 days" },
        { label: "Size", value: "Small" },
        { label: "Details", value: "yes" },
        { label: "Live", value: "no" },
        { label: "Target", value: "250" },
        { label: "Count", value: "3" },
        { label: "Which is a teapot?", value: "418" },
      ],
    });
  });

  it("leaves out the panel key for an anonymous fence", () => {
    const anonymous = spec({ items: [{ type: "button", label: "Go", action: "go" }] });
    expect(panelActionTurn({ spec: anonymous, button: "items[0]", fields: {} }).text).toBe('[octo-ui-action] {"action":"go","fields":{},"payload":{}}');
  });

  it("refuses a value no control of its field could hold, a field the fence lacks, and a path that is no button", () => {
    const cases: [string, Record<string, string | number | boolean>, string][] = [
      ["a number in a text field", { q: 5 }, "bad_request:panel"],
      ["a string in a checkbox", { details: "true" }, "bad_request:panel"],
      ["a select value that is no option", { range: "1y" }, "bad_request:panel"],
      ["an option label instead of its value", { range: "Last 7 days" }, "bad_request:panel"],
      ["a radio value that is no option", { size: "xl" }, "bad_request:panel"],
      ["a quiz answer that is no option", { answer: "500" }, "bad_request:panel"],
      ["a slider below its min", { target: 99 }, "bad_request:panel"],
      ["a slider past its max", { target: 301 }, "bad_request:panel"],
      ["a number below its min", { count: 0 }, "bad_request:panel"],
      ["a field the fence does not have", { admin: true }, "bad_request:panel"],
    ];
    for (const [what, fields, code] of cases) expect([what, refusedCode(() => panelActionTurn({ spec: FORM, button: "items[10]", fields }))]).toEqual([what, code]);
    expect(refusedCode(() => panelActionTurn({ spec: FORM, button: "items[0]", fields: {} }))).toBe("not_found:panel");
    // A number without bounds takes any finite value.
    expect(panelActionTurn({ spec: FORM, button: "items[10]", fields: { count: 1e9 } }).envelope.fields).toEqual({ count: 1e9 });
  });

  it("accepts a value any control of a shared field could hold", () => {
    const shared = spec({
      items: [
        { type: "select", field: "range", label: "Range", options: [{ label: "Week", value: "7d" }] },
        { type: "radio", field: "range", label: "Other range", options: [{ label: "Month", value: "30d" }] },
        { type: "button", label: "Go", action: "go" },
      ],
    });
    expect(panelActionTurn({ spec: shared, button: "items[2]", fields: { range: "30d" } }).summary.fields).toEqual([{ label: "Range", value: "Month" }]);
  });

  it("refuses an envelope longer than the model may be sent", () => {
    const long = spec({ items: [{ type: "textarea", field: "note" }, { type: "button", label: "Go", action: "go" }] });
    expect(refusedCode(() => panelActionTurn({ spec: long, button: "items[1]", fields: { note: "x".repeat(70_000) } }))).toBe("bad_request:panel");
    const turn = panelActionTurn({ spec: long, button: "items[1]", fields: { note: "x".repeat(10_000) } });
    expect(turn.summary.fields[0]?.value.length).toBe(2_000);
  });
});
