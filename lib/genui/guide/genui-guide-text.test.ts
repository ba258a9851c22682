import { describe, expect, test } from "vitest";
import { genuiActionFields } from "../action/action-fields";
import { parseUiAction } from "../action/parse-ui-action";
import { isVisible } from "../interaction/is-visible";
import { extractGenuiFences } from "../fence/extract-genui-fences";
import { GENUI_LIMITS } from "../limits";
import { genuiLint } from "../lint/genui-lint";
import { parseGenuiSpec } from "../parse/parse-genui-spec";
import { GENUI_NODE_CATALOG } from "../schema/catalog";
import { GenuiNodeSchema } from "../schema/nodes";
import { RenderUiInputSchema } from "../tool/render-ui-input";
import { describeFields } from "./describe-schema";
import { GENUI_GUIDE_FENCE_EXAMPLE, GENUI_GUIDE_TOOL_EXAMPLE, genuiGuideText } from "./genui-guide-text";

const guide = genuiGuideText();
const compact = genuiGuideText({ detail: "compact" });

describe("genuiGuideText", () => {
  for (const [which, text] of [["full", guide], ["compact", compact]] as const)
    test(`${which}: every node type is listed with the fields its schema has, interactive ones after the fence-only heading`, () => {
      const split = text.indexOf(which === "full" ? "## Interactive nodes" : "Interactive (fence only):");
      for (const entry of GENUI_NODE_CATALOG) {
        const position = text.indexOf(`${entry.types.join("/")}(`);
        expect(position, entry.types.join("/")).toBeGreaterThan(-1);
        expect(entry.interactive ? position > split : position < split, entry.types[0]).toBe(true);
        const listed = text.slice(position, text.indexOf(")", text.indexOf("(", position) + 1) + 200);
        for (const field of describeFields(entry.schema, new Map([[GenuiNodeSchema, "GenuiNode"]]), new Set(["type", "visibleWhen"]))) {
          // The compact list leaves out a read-only node's optional plain settings (`gap?: number`, `legend?: boolean`).
          const optionalPlain = /^\w+\?: (string|number|boolean)$/.test(field) && !field.startsWith("tone?") && !field.startsWith("delta?");
          if (which === "compact" && !entry.interactive && optionalPlain) expect(listed, `${entry.types[0]}.${field}`).not.toContain(`${field.split("?")[0]}?`);
          else expect(listed, `${entry.types[0]}.${field}`).toContain(field.split(/[?:]/)[0]!);
        }
      }
    });
  test("the interactive nodes' rules the guide states are the parser's", () => {
    expect(guide).toContain("An `input` is always plain text, never a password.");
    const input = parseGenuiSpec({ items: [{ type: "input", field: "p", inputType: "password" }] }, { surface: "fence" });
    expect(input.spec?.items[0]).not.toHaveProperty("inputType");
    expect(guide).toContain("A `slider` whose `max` does not exceed its `min` is dropped.");
    expect(parseGenuiSpec({ items: [{ type: "slider", field: "s", min: 5, max: 5 }] }, { surface: "fence" }).spec?.items).toEqual([]);
    expect(guide).toContain("`correct`, one option's `value`");
  });
  test("every cap is stated with its number", () => {
    const caps = guide.slice(guide.indexOf("## Caps"));
    for (const [name, value] of Object.entries(GENUI_LIMITS)) {
      const stated = new RegExp(`\\b${value}\\b`);
      // The id length, gap and progress ranges are stated where those nodes are described; the rest under "Caps".
      if (name === "panelIdLength" || name === "gapMax" || name === "progressMax") expect(guide, name).toMatch(stated);
      else expect(caps, name).toMatch(stated);
    }
  });
  test("the tool example passes the tool schema and parses with no diagnostic", () => {
    expect(RenderUiInputSchema.safeParse(GENUI_GUIDE_TOOL_EXAMPLE).success).toBe(true);
    const result = parseGenuiSpec(GENUI_GUIDE_TOOL_EXAMPLE.spec, { surface: "tool" });
    expect(result.diagnostics).toEqual([]);
    expect(result.spec).toEqual(GENUI_GUIDE_TOOL_EXAMPLE.spec);
  });
  test("the fence example, as printed inside the guide, is one clean octo-ui fence", () => {
    const start = guide.indexOf("````markdown\n") + "````markdown\n".length;
    const shown = guide.slice(start, guide.indexOf("\n````", start));
    const fences = extractGenuiFences(shown);
    expect(fences).toHaveLength(1);
    expect(fences[0]?.diagnostics).toEqual([]);
    expect(fences[0]?.spec).toEqual(GENUI_GUIDE_FENCE_EXAMPLE);
    expect(genuiLint(fences[0]?.spec ?? { items: [] })).toEqual([]);
  });
  test("the guide itself has no live octo-ui fence (its example is shown, not rendered)", () => {
    expect(extractGenuiFences(guide)).toEqual([]);
  });
  test("the visibleWhen example and the action example are valid", () => {
    const visibleWhen = guide.match(/\{"type": "text", "text": "Advanced settings apply\.".*\}/)?.[0];
    expect(parseGenuiSpec({ items: [JSON.parse(visibleWhen ?? "null")] }, { surface: "fence" }).diagnostics).toEqual([]);
    const action = guide.split("\n").find((line) => line.startsWith("[octo-ui-action] {"));
    expect(parseUiAction(action ?? "")).toEqual({ panel: "orders", action: "refresh", fields: { q: "ada", details: true }, payload: { source: "orders" } });
    const compactAction = /`(\[octo-ui-action\] \{.*?\})`/.exec(compact)?.[1];
    expect(parseUiAction(compactAction ?? "")).toEqual({ panel: "orders", action: "refresh", fields: { q: "ada" }, payload: {} });
  });
  test("both guides say what fields carry, and it is what the envelope carries (issue 13, point 10)", () => {
    for (const text of [guide, compact]) expect(text).toContain("`fields` holds each field of the fence with its value: the person's, else the control's starting `value`/`checked` (a field with neither is absent).");
    const parsed = parseGenuiSpec(
      {
        items: [
          { type: "select", field: "severity", value: "high", options: [{ label: "High", value: "high" }, { label: "Low", value: "low" }] },
          { type: "checkbox", field: "notify", checked: true },
          { type: "input", field: "summary" },
          { type: "text", text: "Low severity needs no page.", visibleWhen: { field: "severity", equals: "low" } },
          { type: "text", text: "Shown until touched.", visibleWhen: { field: "severity", equals: "" } },
          { type: "button", label: "File", action: "file" },
        ],
      },
      { surface: "fence" },
    );
    const spec = parsed.spec!;
    // Untouched: the starting values are sent; the field with none is absent.
    expect(genuiActionFields(spec, {})).toEqual({ severity: "high", notify: true });
    expect(genuiActionFields(spec, { severity: "low", summary: "Export fails" })).toEqual({ severity: "low", notify: true, summary: "Export fails" });
    // visibleWhen keeps the untouched-is-empty rule, starting value or not.
    const [, , , lowOnly, untouchedOnly] = spec.items;
    expect(isVisible(lowOnly!, {})).toBe(false);
    expect(isVisible(untouchedOnly!, {})).toBe(true);
    expect(guide).toContain("A field the person has not touched compares as the empty string, even when its control has a starting `value`");
  });
  test("transports other than the web chat are for when the host says so", () => {
    expect(guide).toMatch(/Only when the host says/);
    expect(guide).not.toMatch(/Nothing in the turn tells you/);
    // The compact guide leaves it to the system prompt's routing rule and the render_ui tool's description, which both prompts carry.
    expect(compact).not.toMatch(/host says/);
  });
});
