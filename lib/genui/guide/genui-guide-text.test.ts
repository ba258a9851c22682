import { describe, expect, test } from "vitest";
import { parseUiAction } from "../action/parse-ui-action";
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

describe("genuiGuideText", () => {
  test("every node type has a table row, with the fields its schema has", () => {
    for (const entry of GENUI_NODE_CATALOG) {
      const row = guide.split("\n").find((line) => line.startsWith(`| ${entry.types.map((type) => `\`${type}\``).join(" / ")} |`));
      expect(row, entry.types.join("/")).toBeDefined();
      for (const field of describeFields(entry.schema, new Map([[GenuiNodeSchema, "GenuiNode"]]), new Set(["type", "visibleWhen"]))) {
        expect(row).toContain(`\`${field.split(":")[0]}`);
      }
    }
  });
  test("interactive types are listed under the fence-only heading, read-only ones above it", () => {
    const split = guide.indexOf("### Interactive nodes");
    for (const entry of GENUI_NODE_CATALOG) {
      const position = guide.indexOf(`| \`${entry.types[0]}\``);
      expect(entry.interactive ? position > split : position < split, entry.types[0]).toBe(true);
    }
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
    expect(guide).toContain(JSON.stringify(GENUI_GUIDE_TOOL_EXAMPLE));
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
  });
});
