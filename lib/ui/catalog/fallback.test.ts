import { micromark } from "micromark";
import { describe, expect, it } from "vitest";
import type { UiBlock } from "../envelope/schema";
import { UI_FALLBACK_MAX_CHARACTERS, UI_FALLBACK_PLACEHOLDER, UI_FALLBACK_TABLE_ROWS, uiBlockFallback, uiFallbackText, type UiFallbackNode } from "./fallback";

/** A node as the compiler produces it: static props, expression props, children. */
function node(type: string, props: Record<string, unknown> = {}, children: UiFallbackNode[] = [], expressions: Record<string, string> = {}): UiFallbackNode {
  return { type, props, children, expressions };
}
const text = (value: string) => node("#text", { text: value });
const expression = (source: string) => node("#expression", {}, [], { value: source });

/** The fallback of one node. */
const fallback = (...nodes: UiFallbackNode[]) => uiBlockFallback(nodes);

describe("uiBlockFallback, component by component", () => {
  it("Summary: its text, interpolations as placeholders or their evaluated value", () => {
    expect(fallback(node("Summary", {}, [expression("@Count($runs)"), text(" runs\n  today")]))).toBe(`${UI_FALLBACK_PLACEHOLDER} runs today`);
    expect(fallback(node("Summary", {}, [node("#expression", { value: 3 }), text(" runs")]))).toBe("3 runs");
  });

  it("Callout: a quote with its title, or its tone when it has none", () => {
    expect(fallback(node("Callout", { tone: "info", title: "Note" }, [text("Read me.")]))).toBe("> **Note**\n>\n> Read me.");
    expect(fallback(node("Callout", { tone: "danger" }, [text("Broken.")]))).toBe("> **Danger**\n>\n> Broken.");
    expect(fallback(node("Callout", { tone: "info" }, [text("Plain.")]))).toBe("> Plain.");
  });

  it("Tag and host links: inline, joined with the text around them", () => {
    expect(fallback(node("Tag", { tone: "info" }, [text("prod")]), node("Tag", {}, [text("eu")]))).toBe("**prod** **eu**");
    const entry = node("EntityList", {}, [
      node("Entry", { title: "api", subtitle: "eu-west-1" }, [
        text("Fails since "),
        node("Commit", { sha: "9f2c1ab" }),
        text(" in "),
        node("File", { path: "src/a.ts", line: "12" }),
        text(", "),
        node("Diff", { path: "src/a.ts", base: "main", head: "fix" }),
        text(" and "),
        node("Node", { ref: "service:api", label: "API" }),
      ]),
    ]);
    expect(fallback(entry)).toBe("- **api** — eu-west-1: Fails since `9f2c1ab` in `src/a.ts:12`, `diff src/a.ts main..fix` and API `service:api`");
  });

  it("Summary, Callout and Step: a Tag and host-link chips inline in their text", () => {
    const chips = () => [text("Since "), node("Commit", { sha: "9f2c1ab" }), text(" in "), node("File", { path: "src/a.ts", line: 3 }), text(": "), node("Tag", { tone: "danger" }, [text("flaky")])];
    expect(fallback(node("Summary", {}, chips()))).toBe("Since `9f2c1ab` in `src/a.ts:3`: **flaky**");
    expect(fallback(node("Callout", { tone: "danger", title: "Broken" }, chips()))).toBe("> **Broken**\n>\n> Since `9f2c1ab` in `src/a.ts:3`: **flaky**");
    expect(fallback(node("Steps", {}, [node("Step", { title: "Fix", status: "active" }, chips())]))).toBe("1. Fix (active) — Since `9f2c1ab` in `src/a.ts:3`: **flaky**");
    // A chip or tag that opens the text cannot open a Markdown block either.
    expect(fallback(node("Summary", {}, [node("Tag", {}, [text("1. new")]), text(" and "), node("Node", { ref: "# n" })]))).toBe("**1. new** and `# n`");
  });

  it("Progress: label and clamped percentage", () => {
    expect(fallback(node("Progress", { value: "42.4", label: "Upload" }))).toBe("Upload: 42%");
    expect(fallback(node("Progress", { value: 250 }))).toBe("Progress: 100%");
    expect(fallback(node("Progress", {}, [], { value: "$done" }))).toBe(`Progress: ${UI_FALLBACK_PLACEHOLDER}`);
  });

  it("Steps: a numbered list with status and detail", () => {
    const steps = node("Steps", { title: "Rollout" }, [
      node("Step", { title: "Build", status: "done" }, [text("in 2 min")]),
      node("Step", { title: "Deploy", status: "failed" }),
      node("Step", { title: "Clean up" }),
    ]);
    expect(fallback(steps)).toBe("**Rollout**\n\n1. Build (done) — in 2 min\n2. Deploy (failed)\n3. Clean up (pending)");
  });

  it("Stats: label: value unit lines, with the delta's sign", () => {
    const stats = node("Stats", {}, [
      node("Stat", { label: "Failed", value: "3", delta: -2 }),
      node("Stat", { label: "Time", value: 940, unit: "ms", delta: "5" }),
      node("Stat", { label: "Total" }, [], { value: "@Count($runs)" }),
    ]);
    expect(fallback(stats)).toBe(`- Failed: 3 (-2)\n- Time: 940 ms (+5)\n- Total: ${UI_FALLBACK_PLACEHOLDER}`);
  });

  it("a null Stat or Progress value (a query not read yet) is the renderers' dash; a text delta is kept", () => {
    expect(fallback(node("Stat", { label: "Slowest", value: null, unit: "ms" }))).toBe("Slowest: —");
    expect(fallback(node("Stat", { label: "Revenue", value: "4.2k", delta: "+12%" }))).toBe("Revenue: 4.2k (+12%)");
    expect(fallback(node("Progress", { label: "Ready", value: null }))).toBe("Ready: —");
  });

  it("a Stat on its own (an evaluator's fallback): its line, with a placeholder for an unevaluated value", () => {
    expect(fallback(node("Stat", { label: "Total", unit: "runs" }, [], { value: "@Count($runs)" }))).toBe(`Total: ${UI_FALLBACK_PLACEHOLDER} runs`);
    expect(fallback(node("Stat", { label: "- Failed", value: 3, delta: 1 }))).toBe("\\- Failed: 3 (+1)");
  });

  it("Table: static rows as a Markdown table, expression rows as (table)", () => {
    const columns = [node("Column", { field: "name", title: "Test" }), node("Column", { field: "ms", title: "Time", unit: "ms" })];
    const table = node("Table", { title: "Runs", caption: "Today", rows: [{ name: "a|b", ms: 3 }, { name: "c", ms: null, extra: 1 }] }, columns);
    expect(fallback(table)).toBe("**Runs**\n\n| Test | Time (ms) |\n| --- | --- |\n| a\\|b | 3 |\n| c |  |\n\nToday");
    expect(fallback(node("Table", {}, columns, { rows: "$runs" }))).toBe("(table)");
    expect(fallback(node("Table", { rows: [{ a: 1, b: "x" }] }))).toBe("| a | b |\n| --- | --- |\n| 1 | x |");
    expect(fallback(node("Table", { rows: [] }, columns))).toBe("| Test | Time (ms) |\n| --- | --- |\n\n(no rows)");
  });

  it("Table: at most UI_FALLBACK_TABLE_ROWS rows, then how many more", () => {
    const rows = Array.from({ length: UI_FALLBACK_TABLE_ROWS + 5 }, (_, index) => ({ n: index }));
    const result = fallback(node("Table", { rows }, [node("Column", { field: "n" })]));
    expect(result.split("\n").filter((line) => line.startsWith("| ") && /\d/.test(line))).toHaveLength(UI_FALLBACK_TABLE_ROWS);
    expect(result).toContain("… and 5 more rows");
  });

  it("Chart: its rows as a table of label and series, or (chart)", () => {
    expect(fallback(node("Chart", { kind: "bar", title: "Week", rows: [{ label: "Mon", a: 1, note: "x" }, { label: "Tue", a: 2 }] }))).toBe(
      "**Week**\n\n| label | a |\n| --- | --- |\n| Mon | 1 |\n| Tue | 2 |",
    );
    expect(fallback(node("Chart", { kind: "bar", series: "b", rows: [{ label: "Mon", a: 1, b: 5 }] }))).toBe("| label | b |\n| --- | --- |\n| Mon | 5 |");
    expect(fallback(node("Chart", { kind: "line" }, [], { rows: "$data" }))).toBe("(chart)");
  });

  it("Chart marks: a line after the table, each mark's label at its x or y", () => {
    const marks = [{ x: "Tue", label: "v2.1" }, { y: 500, label: "SLO *" }, { y: 3 }];
    expect(fallback(node("Chart", { kind: "line", rows: [{ label: "Tue", a: 1 }], marks }))).toBe(
      "| label | a |\n| --- | --- |\n| Tue | 1 |\n\nMarked: v2.1 at Tue; SLO \\* at 500; 3",
    );
  });

  it("Graph: its edges as a list, then the nodes without one, bounded; (graph) when its rows are unknown", () => {
    const rows = [
      { ref: "service:api", title: "api", direction: "self", edge: "" },
      { ref: "db:main", title: "main *db*", direction: "outgoing", edge: "reads" },
    ];
    expect(fallback(node("Graph", { title: "Calls", nodes: rows, edges: [{ from: "cache", to: "cache" }, { from: "lonely", to: "lonely" }] }))).toBe(
      "**Calls**\n\n- api → main \\*db\\* (reads)\n- cache → cache\n- lonely → lonely",
    );
    expect(fallback(node("Graph", { nodes: [{ id: "a" }, { id: "b" }], edges: [{ from: "a", to: "b" }] }))).toBe("- a → b");
    expect(fallback(node("Graph", { nodes: [{ id: "solo" }] }))).toBe("- solo");
    expect(fallback(node("Graph", { nodes: [] }))).toBe("(no nodes)");
    expect(fallback(node("Graph", {}, [], { nodes: "$graph" }))).toBe("(graph)");
    const many = Array.from({ length: UI_FALLBACK_TABLE_ROWS + 4 }, (_, index) => ({ id: `n${index}` }));
    const bounded = fallback(node("Graph", { nodes: many }));
    expect(bounded.split("\n").filter((line) => line.startsWith("- "))).toHaveLength(UI_FALLBACK_TABLE_ROWS);
    expect(bounded).toContain("… and 4 more");
  });

  it("Tabs and Sections: each part under its bold name", () => {
    const tabs = node("Tabs", {}, [node("Tab", { label: "One" }, [node("Summary", {}, [text("first")])]), node("Tab", { label: "Two" }, [text("second")])]);
    expect(fallback(tabs)).toBe("**One**\n\nfirst\n\n**Two**\n\nsecond");
    const sections = node("Sections", {}, [node("Section", { title: "Details", open: true }, [node("Summary", {}, [text("inside")])])]);
    expect(fallback(sections)).toBe("**Details**\n\ninside");
  });

  it("CodeBlock as a code fence, Diagram as a mermaid fence", () => {
    expect(fallback(node("CodeBlock", { lang: "ts", title: "a.ts", code: "let a = 1;\nlet b = `x`;" }))).toBe("**a.ts**\n\n```ts\nlet a = 1;\nlet b = `x`;\n```");
    expect(fallback(node("CodeBlock", { code: "```\nnested\n```" }))).toBe("````\n```\nnested\n```\n````");
    expect(fallback(node("Diagram", { code: "graph TD; A-->B" }))).toBe("```mermaid\ngraph TD; A-->B\n```");
  });

  it("Image: its description, never its source", () => {
    expect(fallback(node("Image", { generated: "latest", alt: "A cat", caption: "Generated" }))).toBe("(image: A cat — Generated)");
    expect(fallback(node("Image", { attachment: "att_1" }))).toBe("(image)");
  });

  it("Sources: links for safe hrefs, plain titles otherwise", () => {
    const sources = node("Sources", {}, [
      node("Source", { title: "MDN", href: "https://developer.mozilla.org/a b" }, [text("the reference")]),
      node("Source", { title: "Trap", href: " JaVaScRiPt:alert(1)" }),
      node("Source", { title: "Computed" }, [], { href: "$link" }),
    ]);
    expect(fallback(sources)).toBe("- [MDN](<https://developer.mozilla.org/a%20b>) — the reference\n- Trap\n- Computed");
  });

  it("inputs as their label, with the value when it is known", () => {
    expect(fallback(node("Switch", { label: "Failed only" }, [], { value: "$f" }))).toBe("Failed only");
    expect(fallback(node("Switch", { label: "Dark", value: true }))).toBe("Dark: on");
    expect(fallback(node("Slider", { label: "Limit", min: "0", max: "10", value: 5, unit: "rows" }))).toBe("Limit: 5 rows");
    expect(fallback(node("TextField", { label: "Note", value: "" }))).toBe("Note");
    expect(fallback(node("NumberField", { label: "Budget", value: 800, unit: "ms" }))).toBe("Budget: 800 ms");
    expect(fallback(node("NumberField", { label: "Budget" }, [], { value: "$budget" }))).toBe("Budget");
    expect(fallback(node("Segmented", { label: "Period" }, [node("Option", { value: "d", label: "Day" }), node("Option", { value: "w", label: "Week" })], { value: "$p" }))).toBe("Period: Day / Week");
    expect(fallback(node("Checklist", { title: "Todo" }, [node("Item", { label: "Done", checked: true }), node("Item", { label: "Open" }, [], { checked: "$x" })]))).toBe(
      "**Todo**\n\n- [x] Done\n- [ ] Open",
    );
  });

  it("Show: content unless known hidden; Each: a placeholder", () => {
    const content = [node("Summary", {}, [text("inside")])];
    expect(fallback(node("Show", {}, content, { when: "$x" }))).toBe("inside");
    expect(fallback(node("Show", { when: true }, content))).toBe("inside");
    expect(fallback(node("Show", { when: false }, content))).toBe("");
    expect(fallback(node("Each", { as: "run" }, content, { items: "$runs" }))).toBe("(list)");
    expect(fallback(node("Stats", {}, [node("Show", {}, [node("Stat", { label: "A", value: 1 })], { when: "$x" })]))).toBe("- A: 1");
  });

  it("Choices: a list of labels", () => {
    const choices = node("Choices", {}, [node("Choice", { id: "a", label: "Re-run" }), node("Choice", { id: "b", label: "- Later", disabled: true })]);
    expect(fallback(choices)).toBe("- Re-run\n- \\- Later (unavailable)");
  });

  it("unknown components and evaluator placeholders: their text", () => {
    expect(fallback(node("Marquee", {}, [text("hello "), node("Blink", {}, [text("world")])]))).toBe("hello world");
    expect(fallback(node("Frame", {}, [node("Summary", {}, [text("a")]), node("Summary", {}, [text("b")])]))).toBe("a\n\nb");
    expect(fallback(node("#fallback", { text: "kept <b>text</b>" }))).toBe("kept \\<b\\>text\\</b\\>");
  });
});

describe("uiBlockFallback as Markdown", () => {
  it("never lets text become HTML or a link it was not", () => {
    const hostile = "<img src=x onerror=alert(1)> [x](javascript:y) https://evil.example ![i](https://e.example/p.png) **b**";
    const nodes = [
      node("Summary", {}, [text(hostile)]),
      node("Callout", { tone: "warning", title: hostile }, [text(hostile)]),
      node("Stats", {}, [node("Stat", { label: hostile, value: hostile, unit: hostile })]),
      node("Table", { title: hostile, rows: [{ a: hostile }] }, [node("Column", { field: "a", title: hostile })]),
      node("Steps", {}, [node("Step", { title: hostile, status: hostile }, [text(hostile)])]),
      node("EntityList", {}, [node("Entry", { title: hostile, subtitle: hostile }, [node("File", { path: hostile })])]),
      node("Sources", {}, [node("Source", { title: hostile, href: "javascript:alert(1)" })]),
      node("Choices", {}, [node("Choice", { id: "a", label: hostile })]),
      node("Switch", { label: hostile, value: true }),
      node("Image", { attachment: "a", alt: hostile }),
    ];
    const html = micromark(uiBlockFallback(nodes), { allowDangerousHtml: true });
    expect(html).not.toMatch(/<(a|img|script|em|h\d)\b/);
    expect(html).not.toMatch(/<strong>b<\/strong>/);
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });

  it("is bounded by UI_FALLBACK_MAX_CHARACTERS and says it was shortened", () => {
    const nodes = Array.from({ length: 500 }, (_, index) => node("Summary", {}, [text(`Paragraph ${index} with some words in it.`)]));
    const result = uiBlockFallback(nodes);
    expect(result.length).toBeLessThanOrEqual(UI_FALLBACK_MAX_CHARACTERS);
    expect(result.endsWith("… (shortened)")).toBe(true);
    expect(uiBlockFallback(nodes, { maxCharacters: 200 }).length).toBeLessThanOrEqual(200);
  });

  it("closes a code fence it cuts short, so the reply after it is not swallowed", () => {
    const code = Array.from({ length: 400 }, (_, index) => `line ${index}`).join("\n");
    const result = uiBlockFallback([node("CodeBlock", { lang: "ts", code })], { maxCharacters: 500 });
    expect(result.length).toBeLessThanOrEqual(500);
    const fences = result.split("\n").filter((line) => line.startsWith("```"));
    expect(fences).toEqual(["```ts", "```"]);
    expect(micromark(`${result}\n\nafter`)).toContain("<p>after</p>");
  });

  it("stops at the nesting limit instead of recursing without end", () => {
    let deep: UiFallbackNode = node("Summary", {}, [text("bottom")]);
    for (let index = 0; index < 10_000; index += 1) deep = node("Section", { title: "s" }, [deep]);
    expect(() => uiBlockFallback([deep])).not.toThrow();
    expect(uiBlockFallback([deep])).not.toContain("bottom");
  });

  it("reads no more rows, list items or top-level nodes than it can keep", () => {
    /** A list that records which of its indexes were read. */
    function watched<T>(items: T[]): { list: T[]; read: Set<number> } {
      const read = new Set<number>();
      const list = new Proxy(items, {
        get(target, key, receiver) {
          if (typeof key === "string" && /^\d+$/.test(key)) read.add(Number(key));
          return Reflect.get(target, key, receiver);
        },
      });
      return { list, read };
    }
    const count = 10_000;
    const table = watched(Array.from({ length: count }, (_, index) => ({ n: index, tags: ["a", "b"] })));
    const tableText = fallback(node("Table", { rows: table.list }, [node("Column", { field: "n" })]));
    expect(Math.max(...table.read)).toBe(UI_FALLBACK_TABLE_ROWS - 1);
    expect(tableText).toContain(`… and ${count - UI_FALLBACK_TABLE_ROWS} more rows`);
    const chart = watched(Array.from({ length: count }, (_, index) => ({ label: `d${index}`, a: index, ...(index === count - 1 ? { late: 1 } : {}) })));
    const chartText = fallback(node("Chart", { kind: "bar", rows: chart.list }));
    expect(Math.max(...chart.read)).toBe(UI_FALLBACK_TABLE_ROWS - 1);
    // The series shown are the numeric fields of the rows shown.
    expect(chartText.split("\n")[0]).toBe("| label | a |");
    const cell = watched(Array.from({ length: count }, (_, index) => `item ${index}`));
    const cellLine = fallback(node("Table", { rows: [{ list: cell.list }] })).split("\n")[2];
    expect(cellLine).toMatch(/^\| item 0, item 1, .*…\s\|$/);
    expect(cell.read.size).toBeLessThan(20);
    const interpolated = watched(Array.from({ length: count }, () => "word"));
    expect(fallback(node("Summary", {}, [node("#expression", { value: interpolated.list })]))).toMatch(/… \(shortened\)$/);
    expect(interpolated.read.size).toBeLessThan(UI_FALLBACK_MAX_CHARACTERS);
    // Top-level nodes past the point where the result is full are not written at all.
    let opened = 0;
    const summaries = Array.from({ length: count }, (_, index) => {
      const children = [text(`Paragraph ${index} with some words in it.`)];
      return {
        type: "Summary",
        props: {},
        get children() {
          opened += 1;
          return children;
        },
      };
    });
    const whole = uiBlockFallback(summaries);
    expect(opened).toBeLessThan(200);
    expect(whole).toBe(uiBlockFallback(summaries.slice(0, 200)));
  });

  it("is empty for no nodes", () => {
    expect(uiBlockFallback([])).toBe("");
  });
});

describe("uiFallbackText", () => {
  /** A block standing for `fence` in `reply`. */
  function block(reply: string, fence: string, fallbackText: string): Pick<UiBlock, "range" | "fallback"> {
    const start = reply.indexOf(fence);
    return { range: { start, end: start + fence.length }, fallback: fallbackText };
  }

  it("replaces exactly the fences and keeps the prose around them", () => {
    const first = "```ui\n<Summary>a</Summary>\n```";
    const second = "```ui id=x\n<Summary>b</Summary>\n```";
    const reply = `Intro.\n\n${first}\n\nMiddle \`code\`.\n\n${second}\n\nOutro.`;
    const blocks = [block(reply, second, "B"), block(reply, first, "A")];
    expect(uiFallbackText(reply, blocks)).toBe("Intro.\n\nA\n\nMiddle `code`.\n\nB\n\nOutro.");
  });

  it("keeps the text when there are no blocks, and ignores ranges that do not fit it", () => {
    expect(uiFallbackText("just prose", [])).toBe("just prose");
    expect(uiFallbackText("short", [{ range: { start: 2, end: 99 }, fallback: "X" }])).toBe("short");
    expect(uiFallbackText("abcdef", [{ range: { start: 1, end: 3 }, fallback: "X" }, { range: { start: 2, end: 4 }, fallback: "Y" }])).toBe("aXdef");
  });

  it("replaces an unfinished last fence up to the end of the reply", () => {
    const reply = "Look:\n```ui\n<Summary>cut";
    expect(uiFallbackText(reply, [{ range: { start: 6, end: reply.length }, fallback: "cut" }])).toBe("Look:\ncut");
  });
});
