import { describe, expect, it } from "vitest";
import { z } from "zod";
import { genuiGuideText } from "@/lib/genui/guide/genui-guide-text";
import { GENUI_NODE_CATALOG } from "@/lib/genui/schema/catalog";
import { UI_CATALOG } from "@/lib/ui/catalog/catalog";
import { uiReferenceText, uiSessionNote } from "@/lib/ui/catalog/text";
import { buildSystemPrompt } from "./system-prompt";

describe("buildSystemPrompt", () => {
  const full = buildSystemPrompt();

  it("carries both dialects' texts from their catalogs", () => {
    expect(full).toContain(uiSessionNote());
    expect(full).toContain(uiReferenceText());
    expect(full).toContain(genuiGuideText());
    for (const name of Object.keys(UI_CATALOG)) expect(full).toContain(name);
    for (const entry of GENUI_NODE_CATALOG) {
      for (const type of entry.types) expect(full).toContain(`\`${type}\``);
    }
  });

  it("tells the model it is replying into the web chat, where fences and tool cards render", () => {
    expect(full).toMatch(/web chat/);
    expect(full).toMatch(/Inline fences are safe/);
    expect(full).toContain("`render_ui` tool cards");
  });

  it("says when the render_ui tool is not offered", () => {
    const withoutTool = buildSystemPrompt({ renderUiTool: false });
    expect(withoutTool).toMatch(/`render_ui` tool is not available/);
    expect(withoutTool).not.toContain("`render_ui` tool cards");
  });

  it("leaves the full reference out of the compact prompt", () => {
    const compact = buildSystemPrompt({ detail: "compact" });
    expect(compact).toContain(uiSessionNote());
    expect(compact).not.toContain(uiReferenceText());
    expect(compact).toContain(genuiGuideText());
    expect(compact.length).toBeLessThan(full.length);
  });

  it("has no preamble when nothing failed, and ends with it when something did", () => {
    expect(full).not.toMatch(/did not render in your earlier replies/);
    const withPreamble = buildSystemPrompt({
      diagnostics: [
        { code: "unknown_component", message: "Gauge is not a component.", where: "reply 2, block status:0", dialect: "ui" },
      ],
    });
    const heading = withPreamble.indexOf("# What did not render in your earlier replies");
    expect(heading).toBeGreaterThan(withPreamble.indexOf(genuiGuideText()));
    expect(withPreamble.slice(heading)).toContain("- [ui] unknown_component: Gauge is not a component. (reply 2, block status:0)");
  });

  it("lists the host's query sources only when it passes them, before the JSON dialect's guide", () => {
    expect(full).not.toMatch(/# Live data/);
    const withSources = buildSystemPrompt({ querySchemas: { tests: z.strictObject({ branch: z.string() }).describe("The newest run's tests.") } });
    expect(withSources).toContain('- `@Query("tests", {branch: string})` — The newest run\'s tests.');
    expect(withSources.indexOf("# Live data")).toBeLessThan(withSources.indexOf(genuiGuideText()));
  });
});
