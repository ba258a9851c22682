import { describe, expect, it } from "vitest";
import { renderBody, visibleText } from "../testing";

describe("Status renderers", () => {
  it("draws a summary with its interpolations", () => {
    const markup = renderBody(`$done = 3\n$regions = 6\n<Summary>The rollout is halfway: {$done} of {$regions} regions.</Summary>`);
    expect(visibleText(markup)).toContain("The rollout is halfway: 3 of 6 regions.");
  });

  it("says a callout's tone in words and an icon, with its title", () => {
    const markup = renderBody(`<Callout tone="warning" title="eu-west-1 is slow">Health checks take 40 s.</Callout>`);
    expect(markup).toContain('role="note"');
    expect(markup).toContain('data-tone="warning"');
    expect(markup).toContain("Warning: ");
    expect(markup).toContain("<strong");
    expect(visibleText(markup)).toContain("eu-west-1 is slow Health checks take 40 s.");
  });

  it("draws a tag as a tone badge", () => {
    const markup = renderBody(`<Tag tone="info">production</Tag>`);
    expect(markup).toContain('data-tone="info"');
    expect(markup).toContain("Info: ");
    expect(markup).toContain("production");
  });

  it("draws progress with its clamped value", () => {
    const markup = renderBody(`$done = 3\n<Progress value={$done / 6 * 100} label="Regions updated"/>\n<Progress value={140}/>`);
    expect(markup).toContain('aria-label="Regions updated"');
    expect(markup).toContain('aria-valuenow="50"');
    expect(markup).toContain('aria-valuenow="100"');
  });

  it("draws steps in order with each status as an icon and a word", () => {
    const markup = renderBody(`<Steps title="Rollout">
  <Step title="Build" status="done"/>
  <Step title="Canary" status="failed">1% of traffic for 10 minutes.</Step>
  <Step title="Regions" status="active"/>
  <Step title="Clean up"/>
</Steps>`);
    expect(markup).toContain("<ol");
    expect([...markup.matchAll(/data-status="(\w+)"/g)].map((match) => match[1])).toEqual(["done", "failed", "active", "pending"]);
    expect(markup).toContain('aria-current="step"');
    expect(visibleText(markup)).toContain("Build ✓ Done".replace("✓ ", ""));
    expect(visibleText(markup)).toContain("Canary Failed 1% of traffic for 10 minutes.");
    expect(visibleText(markup)).toContain("Clean up Pending");
  });

  it("keeps an unknown element inside a sentence as an inline fallback", () => {
    const markup = renderBody(`<Summary>Before <Gauge>3 of 6</Gauge> after.</Summary>`);
    const summary = markup.slice(markup.indexOf("summary"), markup.indexOf("</div>", markup.indexOf("summary")));
    expect(summary).toContain("data-fallback");
    expect(summary).not.toMatch(/<(div|p)\b/);
    expect(visibleText(markup)).toContain("Before");
    expect(visibleText(markup)).toContain("after.");
  });

  it("draws a null progress value as a dash and an empty bar", () => {
    const markup = renderBody(`$runs = null\n<Progress value={$runs[0].percent} label="Coverage"/>`);
    expect(markup).not.toContain("data-fallback");
    expect(visibleText(markup)).toContain("Coverage —");
    expect(markup).toContain('aria-valuetext="Not known yet"');
    expect(markup).not.toContain("aria-valuenow");
  });

  it("takes Step status and Tag tone from expressions", () => {
    const markup = renderBody(`$failed = 2
<Steps>
  <Step title="Tests" status={$failed > 0 ? "failed" : "done"}>{$failed} failed <Tag tone={$failed > 0 ? "danger" : "success"}>red</Tag></Step>
</Steps>`);
    expect(markup).toContain('data-status="failed"');
    expect(markup).toContain('data-tone="danger"');
  });
});
