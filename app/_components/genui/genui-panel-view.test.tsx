import { describe, expect, test } from "vitest";
import { attributeValues, fieldsState, renderPanel, textContent } from "./testing/render-panel";

const spec = (...items: unknown[]) => ({ items });
const options = [
  { label: "Seven days", value: "7d" },
  { label: "Thirty days", value: "30d" },
];

describe("GenuiPanelView: the panel", () => {
  test("the title is the panel's heading and names its section", () => {
    const html = renderPanel({ title: "Sales", items: [{ type: "text", text: "hi" }] });
    expect(html).toMatch(/<section[^>]*aria-labelledby="([^"]+)"[^>]*>\s*<h3 id="\1"[^>]*>Sales<\/h3>/);
  });

  test("a panel with an id carries it; the tool surface is marked as a tool card", () => {
    expect(renderPanel({ id: "sales", items: [] })).toContain('data-panel-id="sales"');
    expect(renderPanel({ items: [] }, { surface: "tool" })).toMatch(/data-surface="tool"[^>]*aria-label="Tool result"/);
  });

  test("a spec with nothing to render shows a clear fallback with the reason", () => {
    for (const broken of [null, "text", [], { items: "no" }, { title: "no items" }]) {
      const html = renderPanel(broken);
      expect(html).toContain("This panel could not be shown.");
      expect(html).toContain("data-fallback");
      expect(html).not.toContain("<section");
    }
    expect(renderPanel({ title: "no items" })).toContain("no valid `items` array");
  });

  test("the spec is parsed again in the browser: invented fields and types never reach the markup", () => {
    const html = renderPanel(spec({ type: "text", text: "kept", style: { color: "red" }, className: "x" }, { type: "marquee", text: "dropped" }));
    expect(textContent(html)).toContain("kept");
    expect(html).not.toContain("dropped");
    expect(html).not.toContain("color:red");
    expect(html).not.toContain('class="x"');
  });

  test("while streaming the panel is busy and says so", () => {
    expect(renderPanel(spec(), { streaming: true })).toMatch(/aria-busy="true"[\s\S]*Still arriving/);
    expect(renderPanel(spec())).not.toContain("aria-busy");
  });
});

describe("GenuiPanelView: read-only nodes", () => {
  test("row and col lay out their children with the clamped gap", () => {
    const html = renderPanel(spec({ type: "row", gap: 99, children: [{ type: "text", text: "a" }, { type: "text", text: "b" }] }, { type: "col", children: [{ type: "text", text: "c" }] }));
    expect(html).toMatch(/class="[^"]*row[^"]*" style="gap:64px"><p[^>]*>a<\/p><p[^>]*>b<\/p><\/div>/);
    expect(html).toMatch(/class="[^"]*col[^"]*" style="gap:12px"><p[^>]*>c<\/p><\/div>/);
  });

  test("card: a titled group", () => {
    expect(renderPanel(spec({ type: "card", title: "Runtime", children: [{ type: "text", text: "inside" }] }))).toMatch(/<section[^>]*><h4[^>]*>Runtime<\/h4>[\s\S]*inside/);
  });

  test("text: a paragraph, line breaks kept as text", () => {
    expect(renderPanel(spec({ type: "text", text: "one\ntwo" }))).toMatch(/<p class="[^"]*text[^"]*">one\ntwo<\/p>/);
  });

  test("stat: label, value and change, the change's direction also in words", () => {
    const text = textContent(renderPanel(spec({ type: "stat", label: "Revenue", value: "$182.4k", delta: "+12.4%", tone: "success" })));
    expect(text).toContain("Revenue");
    expect(text).toContain("$182.4k");
    expect(text).toContain("Change up: +12.4%");
    expect(text).toContain("(Success)");
  });

  test("badge and callout say their tone in words, not colour alone", () => {
    expect(textContent(renderPanel(spec({ type: "badge", text: "Degraded", tone: "warning" })))).toContain("Warning: Degraded");
    const callout = renderPanel(spec({ type: "callout", title: "INC-2231", text: "Elevated 502s", tone: "danger" }));
    expect(callout).toContain('role="note"');
    expect(textContent(callout)).toContain("Danger: INC-2231Elevated 502s");
    expect(textContent(renderPanel(spec({ type: "callout", text: "plain" })))).not.toContain(":");
  });

  test("list: strings and label–value items", () => {
    const html = renderPanel(spec({ type: "list", items: ["first", { label: "Root cause", value: "timeout" }, { label: "Only a label" }] }));
    expect(html).toMatch(/<ul[^>]*><li>first<\/li><li><strong>Root cause<\/strong><span[^>]*> — timeout<\/span><\/li><li><strong>Only a label<\/strong><\/li><\/ul>/);
  });

  test("keyvalue: a definition list", () => {
    expect(renderPanel(spec({ type: "keyvalue", items: [{ label: "Region", value: "eu-west-1" }] }))).toMatch(/<dl[^>]*>.*<dt>Region<\/dt><dd>eu-west-1<\/dd>.*<\/dl>/);
  });

  test("progress: a labelled progressbar with the clamped value written out", () => {
    const html = renderPanel(spec({ type: "progress", value: 140, label: "Budget spent" }));
    expect(html).toMatch(/role="progressbar" aria-label="Budget spent"[^>]*aria-valuenow="100"/);
    expect(textContent(html)).toContain("100%");
  });

  test("divider: a rule", () => {
    expect(renderPanel(spec({ type: "divider" }))).toMatch(/<hr class="[^"]*divider/);
  });

  test("code: highlighted for a known language, plain for any other, always as text", () => {
    const known = renderPanel(spec({ type: "code", lang: "json", code: '{"a": "<b>"}' }));
    expect(known).toContain('data-language="json"');
    expect(known).toContain("hljs-attr");
    expect(textContent(known)).toContain('{"a": "<b>"}');
    const unknown = renderPanel(spec({ type: "code", lang: "cobol", code: "DISPLAY 'HI'." }));
    expect(unknown).not.toContain("data-language");
    expect(textContent(unknown)).toContain("DISPLAY 'HI'.");
  });

  test("link: a new tab with noopener noreferrer nofollow; without text the href is shown", () => {
    const html = renderPanel(spec({ type: "link", text: "Timeline", href: "https://status.example.com/x" }, { type: "link", href: "mailto:oncall@example.com" }, { type: "link", href: "tel:+15550100" }));
    expect(attributeValues(html, "href")).toEqual(["https://status.example.com/x", "mailto:oncall@example.com", "tel:+15550100"]);
    expect(attributeValues(html, "target")).toEqual(["_blank", "_blank", "_blank"]);
    expect(new Set(attributeValues(html, "rel"))).toEqual(new Set(["noopener noreferrer nofollow"]));
    expect(textContent(html)).toContain("Timeline (opens in a new tab)");
    expect(textContent(html)).toContain("mailto:oncall@example.com (opens in a new tab)");
  });

  test("collapsible: folded by default; `open` seeds the first render; the stored fold state wins after that", () => {
    const node = { type: "collapsible", title: "Details", children: [{ type: "text", text: "hidden part" }] };
    const folded = renderPanel(spec(node));
    expect(folded).toMatch(/<h4[^>]*><button type="button"[^>]*aria-expanded="false" aria-controls="([^"]+)"[\s\S]*<div id="\1"[^>]*hidden=""><\/div>/);
    expect(folded).not.toContain("hidden part");
    const seeded = renderPanel(spec({ ...node, open: true }));
    expect(seeded).toContain('aria-expanded="true"');
    expect(seeded).toContain("hidden part");
    const toggledShut = renderPanel(spec({ ...node, open: true }), { state: fieldsState({}, { folds: { "items[0]": false } }) });
    expect(toggledShut).toContain('aria-expanded="false"');
    expect(toggledShut).not.toContain("hidden part");
    expect(renderPanel(spec(node), { state: fieldsState({}, { folds: { "items[0]": true } }) })).toContain("hidden part");
  });

  test("plot: a labelled chart image and a table of every value, gaps by kind, stacked negatives clamped", () => {
    const series = [
      { name: "Escaped", points: [{ label: "Q1", value: 14 }, { label: "Q2", value: -2 }, { label: "Q3", value: 6 }] },
      { name: "Caught", points: [{ label: "Q1", value: 31 }, { label: "Q3", value: 38 }] },
    ];
    const bar = renderPanel(spec({ type: "plot", plot: "bar", stacked: true, series }));
    expect(bar).toMatch(/data-kind="bar"[\s\S]*role="img" aria-label="Bar chart. 3 points of Escaped, Caught/);
    expect(textContent(bar)).toContain("Q114" + "31");
    expect(textContent(bar)).toContain("Q20" + "0"); // -2 clamped under stacked; Caught's gap drawn as zero
    const line = renderPanel(spec({ type: "plot", plot: "line", series }));
    expect(textContent(line)).toContain("Q2-2no value"); // unstacked keeps the negative; the gap breaks the line
    const pie = renderPanel(spec({ type: "plot", plot: "pie", series }));
    expect(pie).toContain("Pie chart. 3 slices of Escaped.");
    expect(pie).not.toContain("Caught");
  });

  test("plot: unnamed series are numbered, the height is used", () => {
    const html = renderPanel(spec({ type: "plot", plot: "area", height: 180, series: [{ points: [{ label: "a", value: 1 }] }] }));
    expect(html).toContain("Area chart. 1 point of Series 1.");
    expect(html).toContain("height:180px");
  });

  test("mermaid: a placeholder of its size while it is still being written, drawing once it is whole", () => {
    const node = { type: "mermaid", code: "graph TD\n  A-->B" };
    const streaming = renderPanel(spec(node), { streaming: true });
    expect(streaming).toContain('data-placeholder="" data-shape="chart"');
    expect(streaming).not.toContain("data-status");
    // Followed by another node, it has been read whole: it waits for the fence, showing its source.
    const followed = renderPanel(spec(node, { type: "text", text: "After" }), { streaming: true });
    expect(followed).toContain('data-status="waiting"');
    expect(textContent(followed)).toContain("A-->B");
    expect(renderPanel(spec(node))).toContain('data-status="drawing"');
  });

  test("table: columns and rows; sortable headers carry aria-sort", () => {
    const table = { type: "table", columns: ["Endpoint", "p95"], rows: [["GET /cart", 96], ["POST /pay", 284]] };
    const plain = renderPanel(spec(table));
    expect(plain).toMatch(/<th scope="col">Endpoint<\/th>/);
    expect(plain).not.toContain("aria-sort");
    expect(textContent(plain)).toContain("GET /cart96POST /pay284");
    const sortable = renderPanel(spec({ ...table, sortable: true }));
    expect(sortable.match(/aria-sort="none"><button/g)).toHaveLength(2);
  });

  test("table: filterBy narrows the rows by the field's value, case-insensitively, and says how many match", () => {
    const items = [
      { type: "input", field: "region", label: "Region" },
      { type: "table", columns: ["Region", "Rep"], rows: [["North", "Ana"], ["South", "Chen"], ["North", "Ben"]], filterBy: { field: "region", column: "Region" } },
    ];
    const all = textContent(renderPanel(spec(...items)));
    expect(all).toContain("NorthAnaSouthChenNorthBen");
    expect(all).toContain("3 rows");
    const narrowed = textContent(renderPanel(spec(...items), { state: fieldsState({ region: "NORTH" }) }));
    expect(narrowed).toContain("NorthAnaNorthBen");
    expect(narrowed).not.toContain("Chen");
    expect(narrowed).toContain("2 of 3 rows match “NORTH” in Region");
    expect(textContent(renderPanel(spec(...items), { state: fieldsState({ region: "east" }) }))).toContain("No rows match “east”");
  });

  test("table: a column named __proto__ or repeated stays a plain column", () => {
    const html = textContent(renderPanel(spec({ type: "table", columns: ["__proto__", "x", "x"], rows: [["a", "b", "c"]] })));
    expect(html).toContain("__proto__xx");
    expect(html).toContain("abc");
  });
});

describe("GenuiPanelView: interactive nodes", () => {
  test("input: labelled, shows its starting value, then the user's", () => {
    const node = { type: "input", field: "summary", label: "Summary", placeholder: "One line", value: "start" };
    const html = renderPanel(spec(node));
    expect(html).toMatch(/<label[^>]*for="([^"]+)">Summary<\/label><input id="\1" type="text"[^>]*placeholder="One line"[^>]*value="start"/);
    expect(renderPanel(spec(node), { state: fieldsState({ summary: "typed" }) })).toContain('value="typed"');
  });

  test("a control without a label is named by its placeholder or field for screen readers", () => {
    expect(renderPanel(spec({ type: "input", field: "q", placeholder: "Search" }))).toContain('aria-label="Search"');
    expect(renderPanel(spec({ type: "number", field: "count" }))).toContain('aria-label="count"');
    expect(renderPanel(spec({ type: "select", field: "size", options }))).toContain('aria-label="size"');
  });

  test("textarea: rows as given (clamped), starting text", () => {
    expect(renderPanel(spec({ type: "textarea", field: "notes", label: "Notes", rows: 40, value: "draft" }))).toMatch(/<textarea[^>]*rows="12"[^>]*>draft<\/textarea>/);
    expect(renderPanel(spec({ type: "textarea", field: "notes" }))).toContain('rows="4"');
  });

  test("select: starting value selected; without one a 'Choose…' entry", () => {
    const selected = renderPanel(spec({ type: "select", field: "range", label: "Range", value: "30d", options }));
    expect(selected).toMatch(/<option value="30d" selected="">Thirty days<\/option>/);
    expect(selected).not.toContain("Choose");
    expect(renderPanel(spec({ type: "select", field: "range", options }))).toMatch(/<option value="" disabled="" selected="">Choose…<\/option>/);
    expect(renderPanel(spec({ type: "select", field: "range", value: "30d", options }), { state: fieldsState({ range: "7d" }) })).toMatch(/<option value="7d" selected="">/);
  });

  test("radio: a fieldset with a legend, the current option checked", () => {
    const html = renderPanel(spec({ type: "radio", field: "mode", label: "Mode", value: "30d", options }));
    expect(html).toMatch(/<fieldset[^>]*><legend[^>]*>Mode<\/legend>/);
    expect(html).toMatch(/<input type="radio" name="[^"]+" checked="" value="30d"\/>/);
    expect(html).toMatch(/<input type="radio" name="[^"]+" value="7d"\/>/);
    expect(html.match(/type="radio" name="([^"]+)"/g)?.length).toBe(2);
  });

  test("checkbox and switch: checked from state; a switch says On or Off in words", () => {
    expect(renderPanel(spec({ type: "checkbox", field: "agree", label: "Agree", checked: true }))).toMatch(/<input[^>]*type="checkbox"[^>]*checked=""/);
    const switchOff = renderPanel(spec({ type: "switch", field: "notify", label: "Notify" }));
    expect(switchOff).toMatch(/type="checkbox" role="switch"/);
    expect(textContent(switchOff)).toContain("NotifyOff");
    expect(textContent(renderPanel(spec({ type: "switch", field: "notify", label: "Notify" }), { state: fieldsState({ notify: true }) }))).toContain("NotifyOn");
  });

  test("slider: range with its bounds and step; 'not set' until moved", () => {
    const node = { type: "slider", field: "target", label: "Target", min: 100, max: 300, step: 10 };
    const untouched = renderPanel(spec(node));
    expect(untouched).toMatch(/type="range" min="100" max="300" step="10" aria-valuetext="not set" value="200"/);
    expect(textContent(untouched)).toContain("Targetnot set");
    const moved = renderPanel(spec(node), { state: fieldsState({ target: 250 }) });
    expect(moved).toMatch(/type="range"[^>]*value="250"/);
    expect(moved).not.toContain("aria-valuetext");
    expect(renderPanel(spec({ type: "slider", field: "s", min: 0, max: 1 }))).toContain('step="0.01"');
  });

  test("number: bounds on the input and written out", () => {
    const html = renderPanel(spec({ type: "number", field: "drain", label: "Drain", min: 0, max: 600, step: 5, value: 30 }));
    expect(html).toMatch(/type="number"[^>]*min="0" max="600" step="5"[^>]*aria-describedby="([^"]+)"[^>]*value="30"[\s\S]*<p id="\1"[^>]*>Between 0 and 600<\/p>/);
  });

  test("tabs: a tablist whose selected tab comes from the state; only its panel draws", () => {
    const node = {
      type: "tabs",
      tabs: [
        { label: "Basics", children: [{ type: "text", text: "basics body" }] },
        { label: "Rollout", children: [{ type: "text", text: "rollout body" }] },
      ],
    };
    const first = renderPanel(spec(node));
    expect(first).toMatch(/role="tablist"/);
    expect(first).toMatch(/role="tab" id="([^"]+)"[^>]*aria-selected="true" aria-controls="([^"]+)" tabindex="0"[^>]*>Basics[\s\S]*role="tabpanel" id="\2" aria-labelledby="\1" tabindex="0"/);
    expect(first).toMatch(/aria-selected="false"[^>]*tabindex="-1"[^>]*>Rollout/);
    expect(first).toContain("basics body");
    expect(first).not.toContain("rollout body");
    const second = renderPanel(spec(node), { state: fieldsState({}, { tabs: { "items[0]": 1 } }) });
    expect(second).toContain("rollout body");
    expect(second).not.toContain("basics body");
    // A stored tab past the end (the spec changed) falls back to the first.
    expect(renderPanel(spec(node), { state: fieldsState({}, { tabs: { "items[0]": 5 } }) })).toContain("basics body");
  });

  test("quiz: unanswered until picked; then scored, locked, the right answer and explanation said in words", () => {
    const quiz = {
      type: "quiz",
      field: "q1",
      question: "Moved for good?",
      options: [{ label: "301 Moved Permanently", value: "301" }, { label: "302 Found", value: "302" }],
      correct: "301",
      explanation: "301 tells clients to update their links.",
    };
    const open = renderPanel(spec(quiz));
    expect(open).toMatch(/<fieldset[^>]*><legend[^>]*>Moved for good\?<\/legend>/);
    expect(open).not.toContain("disabled");
    expect(textContent(open)).not.toContain("Correct");
    const right = renderPanel(spec(quiz), { state: fieldsState({ q1: "301" }) });
    expect(right).toMatch(/<fieldset[^>]*disabled=""/);
    expect(textContent(right)).toContain("Correct. 301 tells clients to update their links.");
    expect(textContent(right)).toContain("301 Moved Permanently✓ right answer");
    const wrong = textContent(renderPanel(spec(quiz), { state: fieldsState({ q1: "302" }) }));
    expect(wrong).toContain("Not quite — the answer is 301 Moved Permanently.");
    expect(wrong).toContain("302 Found✗ your answer");
  });

  test("button: disabled with a tooltip without onAction or while streaming, live with onAction", () => {
    const button = { type: "button", label: "Refresh", action: "refresh" };
    expect(renderPanel(spec(button))).toMatch(/<button[^>]*aria-disabled="true" title="Actions are not sent from this view"[^>]*>Refresh<\/button>/);
    const live = renderPanel(spec(button), { onAction: () => undefined });
    expect(live).toMatch(/<button type="button" class="[^"]*">Refresh<\/button>/);
    // While the fence streams (the button read whole, a node after it), it is off, inside the panel's disabled fieldset.
    const streaming = renderPanel(spec(button, { type: "text", text: "After" }), { onAction: () => undefined, streaming: true });
    expect(streaming).toMatch(/aria-disabled="true" title="Available when the reply has finished"/);
    expect(streaming).toMatch(/<fieldset class="[^"]*" disabled="">/);
  });

  test("button: waits while a required field is empty, says which, and is live once it is filled", () => {
    const form = spec(
      { type: "input", field: "summary", label: "Summary", required: true },
      { type: "textarea", field: "details", label: "Steps", required: true },
      { type: "button", label: "Submit", action: "submit" },
    );
    const onAction = () => undefined;
    const empty = renderPanel(form, { onAction });
    expect(empty).toMatch(/<button[^>]*aria-disabled="true" title="Fill in Summary and Steps first"[^>]*aria-describedby="([^"]+)"[^>]*>Submit<\/button><p id="\1"[^>]*>Fill in Summary and Steps first<\/p>/);
    const blank = renderPanel(form, { onAction, state: fieldsState({ summary: "  ", details: "x" }) });
    expect(blank).toContain('title="Fill in Summary first"');
    const filled = renderPanel(form, { onAction, state: fieldsState({ summary: "Export fails", details: "Press Export." }) });
    expect(filled).toMatch(/<button type="button" class="[^"]*">Submit<\/button>/);
    // Without `required` the same form fires at once, as before the extension.
    const plain = spec({ type: "input", field: "summary", label: "Summary" }, { type: "button", label: "Submit", action: "submit" });
    expect(renderPanel(plain, { onAction })).toMatch(/<button type="button" class="[^"]*">Submit<\/button>/);
  });

  test("button: once sent, it is spent — it says so and sends nothing", () => {
    const form = spec({ type: "input", field: "summary" }, { type: "button", label: "Submit", action: "submit" }, { type: "button", label: "Cancel", action: "cancel" });
    const html = renderPanel(form, { onAction: () => undefined, sentButtons: new Set(["items[1]"]) });
    expect(html).toMatch(/<button[^>]*aria-disabled="true" title="Sent — the answer is in the chat"[^>]*data-sent="true"[^>]*><span[^>]*aria-hidden="true">✓ <\/span>Submit<\/button><p[^>]*>Sent — the answer is in the chat<\/p>/);
    expect(html).toMatch(/<button type="button" class="[^"]*">Cancel<\/button>/);
  });
});

describe("GenuiPanelView: visibleWhen", () => {
  const gated = [
    { type: "select", field: "mode", value: "advanced", options: [{ label: "Simple", value: "simple" }, { label: "Advanced", value: "advanced" }] },
    { type: "text", text: "ADVANCED-ONLY", visibleWhen: { field: "mode", equals: "advanced" } },
    { type: "text", text: "NOT-SIMPLE", visibleWhen: { field: "mode", not: "simple" } },
    { type: "text", text: "ONE-OF", visibleWhen: { field: "mode", in: ["simple", "advanced"] } },
    { type: "slider", field: "canary", min: 0, max: 100, value: 80 },
    { type: "text", text: "LARGE-CANARY", visibleWhen: { field: "canary", gt: 50 } },
    { type: "text", text: "SMALL-CANARY", visibleWhen: { field: "canary", gte: 1, lte: 50 } },
  ];

  test("an untouched field compares as the empty string, even with a starting value", () => {
    const text = textContent(renderPanel(spec(...gated)));
    expect(text).not.toContain("ADVANCED-ONLY");
    expect(text).toContain("NOT-SIMPLE");
    expect(text).not.toContain("ONE-OF");
    expect(text).not.toContain("CANARY");
  });

  test("equality and range tests follow the touched fields", () => {
    const advanced = textContent(renderPanel(spec(...gated), { state: fieldsState({ mode: "advanced", canary: 60 }) }));
    expect(advanced).toContain("ADVANCED-ONLY");
    expect(advanced).toContain("ONE-OF");
    expect(advanced).toContain("LARGE-CANARY");
    expect(advanced).not.toContain("SMALL-CANARY");
    const simple = textContent(renderPanel(spec(...gated), { state: fieldsState({ mode: "simple", canary: 50 }) }));
    expect(simple).not.toContain("ADVANCED-ONLY");
    expect(simple).not.toContain("NOT-SIMPLE");
    expect(simple).toContain("SMALL-CANARY");
    expect(simple).not.toContain("LARGE-CANARY");
  });

  test("a hidden container hides its subtree", () => {
    const html = renderPanel(spec({ type: "card", title: "Gated card", visibleWhen: { field: "x", equals: "y" }, children: [{ type: "text", text: "child" }] }));
    expect(html).not.toContain("Gated card");
    expect(html).not.toContain("child");
  });
});

describe("GenuiPanelView: state from the wire", () => {
  test("a malformed stored state is treated as untouched instead of breaking the panel", () => {
    const broken = { fields: { mode: { nested: "object" } }, tabs: { "items[0]": -1 }, folds: "no" } as never;
    const html = renderPanel(spec({ type: "input", field: "mode", value: "start" }), { state: broken });
    expect(html).toContain('value="start"');
  });
});
