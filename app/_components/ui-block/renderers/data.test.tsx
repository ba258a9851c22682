import { describe, expect, it } from "vitest";
import { renderBody, visibleText } from "../testing";

const RUNS = `$runs = [{name: "login", ms: 120, failed: false, suite: "auth"}, {name: "checkout", ms: 940, failed: true, suite: "payments"}, {name: "search", ms: 310, failed: false, suite: "catalog"}]`;

describe("Data renderers", () => {
  it("draws stats as stat cards with units and signed deltas", () => {
    const markup = renderBody(`${RUNS}
<Stats>
  <Stat label="Tests" value={@Count($runs)}/>
  <Stat label="Failed" value={@Count(@Filter($runs, run, run.failed))} delta={1} tone="danger"/>
  <Stat label="Slowest" value={@Max($runs, "ms")} unit="ms" delta={-20}/>
</Stats>`);
    const text = visibleText(markup);
    expect(text).toContain("Tests 3");
    expect(text).toContain("Failed 1");
    expect(text).toContain("Slowest 940 ms");
    expect(markup).toContain('data-direction="up"');
    expect(markup).toContain('data-direction="down"');
  });

  it("draws a table from its Column children, sortable and filterable", () => {
    const markup = renderBody(`${RUNS}
<Table rows={$runs} title="Test runs" sortable filterable caption="Last night">
  <Column field="name" title="Test" presentation="code"/>
  <Column field="ms" title="Time" unit="ms" presentation="number"/>
</Table>`);
    expect(markup).toContain("Test runs");
    expect(markup).toContain("Time (ms)");
    expect(markup.match(/aria-sort="none"/g)).toHaveLength(2);
    expect(markup).toContain('type="search"');
    expect(markup).toContain("<code>checkout</code>");
    expect(markup).toContain("Last night");
    expect(markup).not.toContain("payments");
  });

  it("shows every field of a table without columns, and an empty table's state", () => {
    const markup = renderBody(`${RUNS}\n<Table rows={$runs}/>`);
    expect(markup).toContain(">suite<");
    expect(renderBody(`$none = []\n<Table rows={$none}><Column field="a"/></Table>`)).toContain("No rows");
  });

  it("draws a chart with its accessible summary", () => {
    const markup = renderBody(`${RUNS}
<Chart kind="bar" rows={@Map($runs, run, {label: run.name, ms: run.ms})} title="Time per test" unit="ms"/>`);
    expect(markup).toContain('data-kind="bar"');
    expect(markup).toContain('aria-label="Bar chart: Time per test. 3 points of ms. The values are in the table that follows."');
    expect(markup).toContain("<td>940 ms</td>");
  });

  it("draws an entity list with tones in words and chips in entries", () => {
    const markup = renderBody(`<EntityList title="Failing">
  <Entry title="checkout" subtitle="payments team" tone="danger">Fails since <Commit sha="9f2c1ab"/> in <File path="src/checkout/cart.ts" line={88}/></Entry>
  <Entry title="search"/>
</EntityList>`);
    expect(markup).toContain("<ul");
    expect(markup).toContain("Danger: ");
    const text = visibleText(markup);
    expect(text).toContain("checkout payments team");
    expect(text).toContain("Fails since Commit 9f2c1ab in File src/checkout/cart.ts:88");
  });
});
