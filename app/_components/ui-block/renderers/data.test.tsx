import { describe, expect, it } from "vitest";
import type { UiLinkResolution } from "@/lib/ui/link";
import { injectedMarkup, renderBody, visibleText } from "../testing";

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

  it("hands a chart its marks, a threshold from state included, and says the ones off its x axis", () => {
    const markup = renderBody(`${RUNS}
$budget = 500
<Chart kind="bar" rows={@Map($runs, run, {label: run.name, ms: run.ms})} unit="ms" marks={[{x: "checkout", label: "slowest"}, {y: $budget, label: "Budget"}, {x: "nope"}]}/>`);
    expect(markup).toContain("Marked: slowest at checkout; Budget at 500 ms. The values");
    expect(markup).toContain("Not on the x axis: a line at nope.");
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

  // A query not answered yet reads as null; so does a state declared null.
  it("draws a null stat value (a query still loading) as a dash, not an error card", () => {
    const markup = renderBody(`$runs = null
<Stats>
  <Stat label="Slowest" value={@Max($runs, "ms")} unit="ms"/>
  <Stat label="First" value={$runs[0].name}/>
</Stats>`);
    expect(markup).not.toContain("data-fallback");
    expect(visibleText(markup)).toContain("Slowest —");
    expect(visibleText(markup)).toContain("First —");
    expect(markup).toContain('data-known="false"');
  });

  it("takes a delta as a number or a numeric text, and colours it by better", () => {
    const markup = renderBody(`<Stats>
  <Stat label="Latency" value={120} unit="ms" delta={15} better="lower"/>
  <Stat label="Revenue" value="4.2k" delta="+12%"/>
  <Stat label="Errors" value={3} delta="-2" better="lower"/>
  <Stat label="Odd" value={1} delta="up"/>
</Stats>`);
    expect(markup).not.toContain("data-fallback");
    expect(markup).toMatch(/data-direction="up" data-tone="danger"/);
    expect(markup).toMatch(/data-direction="up" data-tone="success"[^]*\+12%/);
    expect(markup).toMatch(/data-direction="down" data-tone="success"/);
    // "up" is no change a stat can draw: dropped, and the figure stays.
    expect(visibleText(markup)).toContain("Odd 1");
    expect(markup.match(/data-direction=/g)).toHaveLength(3);
  });

  it("shows a null or missing table cell as a dash", () => {
    const markup = renderBody(`$rows = [{name: "a", owner: null}, {name: "b"}]
<Table rows={$rows}><Column field="name"/><Column field="owner"/></Table>`);
    expect(markup.match(/<td>—<\/td>/g)).toHaveLength(2);
  });

  it("draws an Entry's Tag inline with its chips", () => {
    const markup = renderBody(`<EntityList>
  <Entry title="checkout">Owned by payments <Tag tone="warning">flaky</Tag> since <Commit sha="9f2c1ab"/></Entry>
</EntityList>`);
    expect(markup).not.toContain("data-fallback");
    expect(markup).toContain('data-tone="warning"');
    expect(visibleText(markup)).toMatch(/Owned by payments .*Warning: flaky since Commit 9f2c1ab/);
  });

  it("draws chip columns as links the host resolved, by row, and as plain text otherwise", () => {
    const body = `$commits = [{sha: "9f2c1ab", path: "src/cart.ts", node: "service:cart"}, {sha: "not a sha", path: "src/pay.ts", node: "service:pay"}, {sha: "3e4f5a6", path: null, node: 7}]
<Table rows={$commits} sortable>
  <Column field="sha" title="Commit" presentation="commit"/>
  <Column field="path" presentation="file"/>
  <Column field="node" presentation="node"/>
</Table>`;
    const plain = renderBody(body);
    expect(plain).not.toContain("<a ");
    expect(visibleText(plain)).toContain("9f2c1ab src/cart.ts service:cart not a sha src/pay.ts service:pay 3e4f5a6 — 7");
    const asked: string[] = [];
    const resolveLink = (nodeId: string): UiLinkResolution | undefined => {
      asked.push(nodeId);
      return nodeId.endsWith("@0")
        ? { nodeId, status: "chip", label: "9f2c1ab Fix the cart", target: { kind: "commit", sha: "9f2c1ab" }, navigation: { href: "/projects/demo/commits/9f2c1ab" } }
        : { nodeId, status: "text", label: "unknown" };
    };
    const markup = renderBody(body, { resolveLink });
    // The commit cell keeps to its short sha, with the host's full label as its tooltip.
    expect(markup).toMatch(/<a class="[^"]*" href="\/projects\/demo\/commits\/9f2c1ab" data-link="chip" data-host-data="" title="9f2c1ab Fix the cart"><span class="[^"]*">9f2c1ab<\/span><\/a>/);
    expect(visibleText(markup)).toContain("9f2c1ab 9f2c1ab Fix the cart");
    // Only cells naming a valid target are looked up: not "not a sha", a null path or a number.
    expect(asked.filter((id) => id.endsWith("@1"))).toHaveLength(2);
    expect(asked.filter((id) => id.endsWith("@2"))).toHaveLength(1);
  });

  it.each(["javascript:alert(1)", "https://evil.example/", "//evil.example/x"])("keeps a chip cell as text when the resolution's href is %j", (href) => {
    const resolveLink = (nodeId: string) =>
      ({ nodeId, status: "chip", label: "<img src=x onerror=alert(1)>", target: { kind: "commit", sha: "9f2c1ab" }, navigation: { href } }) as UiLinkResolution;
    const markup = renderBody(`$rows = [{sha: "9f2c1ab"}]\n<Table rows={$rows}><Column field="sha" presentation="commit"/></Table>`, { resolveLink });
    expect(markup).not.toContain("<a ");
    expect(injectedMarkup(markup)).toEqual([]);
  });
});

describe("Data renderers over answered queries", () => {
  /** A block over `$runs = @Query("tests", …)`, drawn once the host answered with `rows`. */
  async function drawAnswered(body: string, rows: unknown): Promise<string> {
    const [{ z }, { compileUi }, { UiState }, { renderToStaticMarkup }, { UiBlockView }] = await Promise.all([
      import("zod"),
      import("@/lib/ui/compile/compile-ui"),
      import("@/lib/ui/state/ui-state"),
      import("react-dom/server"),
      import("../ui-block-view"),
    ]);
    const [block] = compileUi(`\`\`\`ui\n$runs = @Query("tests", {branch: "main"})\n${body}\n\`\`\``, {
      id: "answered",
      final: true,
      querySchemas: { tests: z.object({ branch: z.string() }) },
    });
    if (!block) throw new Error("no block compiled");
    const state = new UiState(block);
    state.setQuery("runs", rows, block);
    return renderToStaticMarkup(<UiBlockView block={block} state={state} />);
  }

  it("says an empty answer has no rows, in a table and in a chart", async () => {
    const table = await drawAnswered(`<Table rows={$runs} title="Runs"><Column field="name"/></Table>`, []);
    expect(visibleText(table)).toContain("No rows for these arguments");
    expect(table).toContain('data-live-state="empty"');
    const chart = await drawAnswered(`<Chart kind="bar" rows={$runs}/>`, []);
    expect(visibleText(chart)).toContain("No rows for these arguments");
  });
});
