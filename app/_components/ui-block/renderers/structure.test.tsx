import { describe, expect, it } from "vitest";
import { renderBody } from "../testing";

describe("Structure renderers", () => {
  it("draws tabs after the WAI-ARIA pattern, the first selected", () => {
    const markup = renderBody(`<Tabs>
  <Tab label="Summary"><Summary>Two services changed.</Summary></Tab>
  <Tab label="Details"><Summary>A new endpoint.</Summary></Tab>
</Tabs>`);
    expect(markup).toContain('role="tablist"');
    const tabs = [...markup.matchAll(/<button[^>]*role="tab"[^>]*>/g)].map((match) => match[0]);
    expect(tabs).toHaveLength(2);
    expect(tabs[0]).toContain('aria-selected="true"');
    expect(tabs[0]).toContain('tabindex="0"');
    expect(tabs[1]).toContain('aria-selected="false"');
    expect(tabs[1]).toContain('tabindex="-1"');
    const panels = [...markup.matchAll(/<div role="tabpanel"[^>]*>/g)].map((match) => match[0]);
    expect(panels).toHaveLength(2);
    expect(panels[0]).not.toContain("hidden");
    expect(panels[1]).toContain("hidden");
    const controls = /aria-controls="([^"]+)"/.exec(tabs[0] ?? "")?.[1];
    expect(panels[0]).toContain(`id="${controls}"`);
  });

  it("draws sections as disclosures, open where the model said so", () => {
    const markup = renderBody(`<Sections>
  <Section title="api" open><Summary>A new endpoint.</Summary></Section>
  <Section title="web"><Summary>The checkout page.</Summary></Section>
</Sections>`);
    const buttons = [...markup.matchAll(/<button[^>]*aria-expanded="(true|false)"[^>]*aria-controls="([^"]+)"/g)];
    expect(buttons.map((match) => match[1])).toEqual(["true", "false"]);
    expect(markup).toMatch(new RegExp(`id="${buttons[1]?.[2]}"[^>]*hidden`));
    expect(markup).toContain("<h3");
  });
});
