import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UI_LIMITS } from "../limits";
import { parseUiSyntax, uiSyntaxOfState } from "./parse";
import { UI_LITERAL_ELEMENTS, UiSyntaxParser } from "./parser";
import type { UiSyntax, UiSyntaxElement, UiSyntaxNode } from "./types";

/** A compact, readable shape of a syntax tree for assertions. */
function shape(nodes: readonly UiSyntaxNode[]): unknown[] {
  return nodes.map((node) => {
    switch (node.kind) {
      case "element": {
        const props = Object.fromEntries(
          node.props.map((prop) => [prop.name, prop.kind === "flag" ? true : prop.kind === "expression" ? `{${prop.value}}` : prop.complete ? prop.value : `${prop.value}…`]),
        );
        const result: Record<string, unknown> = { element: node.name, props };
        if (node.children.length > 0) result.children = shape(node.children);
        if (node.literal) result.literal = node.literal.text;
        if (!node.complete) result.open = true;
        if (!node.tagComplete) result.tagCut = true;
        return result;
      }
      case "text":
        return node.complete ? node.text : `${node.text}…`;
      case "expression":
        return `{${node.source}}`;
      case "comment":
        return `/*${node.text}*/`;
    }
  });
}

const codes = (syntax: UiSyntax) => syntax.diagnostics.map((diagnostic) => diagnostic.code);

/** Parses by feeding the source in the given pieces. */
function parseInPieces(source: string, cuts: readonly number[], final: boolean): UiSyntax {
  const parser = new UiSyntaxParser();
  for (const cut of [...cuts].sort((left, right) => left - right)) parser.feed(source.slice(0, cut));
  parser.feed(source);
  return uiSyntaxOfState(parser.view(final), UI_LIMITS.diagnostics);
}

describe("parseUiSyntax: the language", () => {
  it("reads elements, props, children, text, interpolations and comments", () => {
    const syntax = parseUiSyntax(
      `<Stats>\n  <Stat label="Failed" value={@Count($runs)} tone='danger' highlighted/>\n</Stats>\n<Summary>\n  {@Count($runs)} runs today,\n  all green. {/* a note */}\n</Summary>`,
    );
    expect(shape(syntax.nodes)).toEqual([
      { element: "Stats", props: {}, children: [{ element: "Stat", props: { label: "Failed", value: "{@Count($runs)}", tone: "danger", highlighted: true } }] },
      { element: "Summary", props: {}, children: ["{@Count($runs)}", " runs today, all green. ", "/* a note */"] },
    ]);
    expect(syntax.diagnostics).toEqual([]);
    expect(syntax.complete).toBe(true);
  });

  it("decodes the escapes of quoted props and keeps unknown ones as written", () => {
    const syntax = parseUiSyntax(String.raw`<Tag a="say \"hi\"" b='it\'s' c="a\\b\n\t" d="\u{1F600}!" e="\d \u{zz}" f="line
two"/>`);
    const props = (syntax.nodes[0] as UiSyntaxElement).props;
    expect(Object.fromEntries(props.map((prop) => [prop.name, prop.value]))).toEqual({
      a: 'say "hi"',
      b: "it's",
      c: "a\\b\n\t",
      d: "😀!",
      e: "\\d \\u{zz}",
      f: "line\ntwo",
    });
  });

  it("finds an expression's end by matching braces and strings", () => {
    const syntax = parseUiSyntax(`<Stat value={{a: "}", b: '{'}["a"]} label={"x" + '}'}/>`);
    expect(shape(syntax.nodes)).toEqual([{ element: "Stat", props: { value: `{{a: "}", b: '{'}["a"]}`, label: `{"x" + '}'}` } }]);
  });

  it("keeps CodeBlock and Diagram bodies literal, trimming one leading and trailing blank line", () => {
    const syntax = parseUiSyntax(`<CodeBlock lang="ts">\n  if (a < b) { <Tag/> }\n  </CodeBlockX>\n</CodeBlock >\n<Diagram>graph TD; A-->B</Diagram>`);
    expect(shape(syntax.nodes)).toEqual([
      { element: "CodeBlock", props: { lang: "ts" }, literal: "  if (a < b) { <Tag/> }\n  </CodeBlockX>" },
      { element: "Diagram", props: {}, literal: "graph TD; A-->B" },
    ]);
  });

  it("reads declarations, continuing over lines while a bracket is open", () => {
    const syntax = parseUiSyntax(`$a = 1\n  $rows = [\n  {n: 1},\n  {n: "]"}\n]\n$b = @Count($rows)\n<Stat label="x" value={$a}/>`);
    expect(syntax.declarations.map((declaration) => [declaration.name, declaration.expression])).toEqual([
      ["a", "1"],
      ["rows", `[\n  {n: 1},\n  {n: "]"}\n]`],
      ["b", "@Count($rows)"],
    ]);
    expect(syntax.declarations[0]?.range).toEqual({ start: 0, end: 6 });
    expect(syntax.diagnostics).toEqual([]);
  });

  it("reads a $ only at the start of a top-level line as a declaration", () => {
    const syntax = parseUiSyntax(`<Summary>\n$a = 1\n</Summary> $b = 2`);
    expect(syntax.declarations).toEqual([]);
    expect(shape(syntax.nodes)).toEqual([{ element: "Summary", props: {}, children: ["$a = 1"] }, " $b = 2"]);
  });

  it("refuses a redeclaration (the first wins), a forbidden name and a malformed declaration", () => {
    const syntax = parseUiSyntax(`$a = 1\n$a = 2\n$constructor = 3\n$1x = 4\n$b == 5\n$c\n$d =\n`);
    expect(syntax.declarations.map((declaration) => [declaration.name, declaration.expression])).toEqual([["a", "1"], ["b", "= 5"]]);
    expect(codes(syntax)).toEqual(["duplicate_declaration", "forbidden_name", "invalid_declaration", "invalid_declaration", "invalid_declaration"]);
  });

  it("gives every node its offsets in the body", () => {
    const source = `<A>\n  hi {$x}\n  <B/>\n</A>`;
    const element = parseUiSyntax(source).nodes[0] as UiSyntaxElement;
    expect(element.range).toEqual({ start: 0, end: source.length });
    expect(element.tagRange).toEqual({ start: 0, end: 3 });
    const [text, interpolation, inner] = element.children;
    expect(source.slice(text!.range.start, text!.range.end)).toBe("\n  hi ");
    expect(source.slice(interpolation!.range.start, interpolation!.range.end)).toBe("{$x}");
    expect(source.slice(inner!.range.start, inner!.range.end)).toBe("<B/>");
  });
});

describe("parseUiSyntax: streaming", () => {
  it("exposes a quoted prop cut off by the end of the input as the text so far", () => {
    const streaming = parseUiSyntax(`<Callout title="Deploy fai`, { final: false });
    expect(shape(streaming.nodes)).toEqual([{ element: "Callout", props: { title: "Deploy fai…" }, open: true, tagCut: true }]);
    expect(streaming.diagnostics).toEqual([]);
    const final = parseUiSyntax(`<Callout title="Deploy fai`);
    expect(codes(final)).toEqual(["unfinished_tag", "unfinished_prop"]);
    expect(parseUiSyntax(`<Callout title="a\\`, { final: false }).nodes).toMatchObject([{ props: [{ value: "a" }] }]);
  });

  it("leaves out a prop cut inside {…} until it closes", () => {
    expect(shape(parseUiSyntax(`<Stat label="x" value={@Count($ru`, { final: false }).nodes)).toEqual([
      { element: "Stat", props: { label: "x" }, open: true, tagCut: true },
    ]);
    expect(codes(parseUiSyntax(`<Stat label="x" value={@Count($ru`))).toEqual(["unfinished_tag", "unfinished_prop"]);
  });

  it("shows a tag only once its name is complete, and a bare prop name only once it cannot grow into name=…", () => {
    expect(parseUiSyntax(`<Summary>hi</Summary><Sta`, { final: false }).nodes).toHaveLength(1);
    expect(shape(parseUiSyntax(`<Sta`).nodes)).toEqual([{ element: "Sta", props: {}, open: true, tagCut: true }]);
    expect(shape(parseUiSyntax(`<Table sort`, { final: false }).nodes)).toEqual([{ element: "Table", props: {}, open: true, tagCut: true }]);
    expect(shape(parseUiSyntax(`<Table sort `, { final: false }).nodes)).toEqual([{ element: "Table", props: {}, open: true, tagCut: true }]);
    expect(shape(parseUiSyntax(`<Table sort r`, { final: false }).nodes)).toEqual([{ element: "Table", props: { sort: true }, open: true, tagCut: true }]);
  });

  it("keeps open elements with the children received so far, marked", () => {
    const syntax = parseUiSyntax(`<Stats>\n  <Stat label="a" value={1}/>\n  <Stat label="b"`, { final: false });
    expect(shape(syntax.nodes)).toEqual([
      { element: "Stats", props: {}, open: true, children: [{ element: "Stat", props: { label: "a", value: "{1}" } }, { element: "Stat", props: { label: "b" }, open: true, tagCut: true }] },
    ]);
    expect(syntax.complete).toBe(false);
    expect(codes(parseUiSyntax(`<Stats>\n  <Stat label="a" value={1}/>`))).toEqual(["unfinished_element"]);
  });

  it("shows a literal body as it arrives, without a closing tag that has begun", () => {
    expect(shape(parseUiSyntax(`<CodeBlock>\nlet a = 1;\n</CodeBl`, { final: false }).nodes)).toEqual([{ element: "CodeBlock", props: {}, literal: "let a = 1;", open: true }]);
    expect(shape(parseUiSyntax(`<CodeBlock>\nlet a = 1;\n</CodeBlock  `, { final: false }).nodes)).toEqual([{ element: "CodeBlock", props: {}, literal: "let a = 1;", open: true }]);
  });

  it("leaves a declaration out until its line ends (or the input is final)", () => {
    expect(parseUiSyntax(`$a = 12`, { final: false }).declarations).toEqual([]);
    expect(parseUiSyntax(`$a = 12`).declarations.map((declaration) => declaration.expression)).toEqual(["12"]);
    expect(parseUiSyntax(`$a = [1,\n2`, { final: false }).declarations).toEqual([]);
  });

  it("leaves an interpolation out until it closes, and text that may grow marked", () => {
    expect(shape(parseUiSyntax(`<Summary>{$n} runs {@Cou`, { final: false }).nodes)).toEqual([{ element: "Summary", props: {}, open: true, children: ["{$n}", " runs "] }]);
    expect(shape(parseUiSyntax(`<Summary>Two ru`, { final: false }).nodes)).toEqual([{ element: "Summary", props: {}, open: true, children: ["Two ru…"] }]);
  });

  it("gives the same tree however the input is cut into pieces", () => {
    const source = `$a = [1,\n  {b: "}"}]\n<Tabs>\n  <Tab label="One \\"x\\"">\n    Text {$a} more {/* c */}\n    <CodeBlock lang="ts">\n x < y\n</CodeBlock>\n  </Tab>\n</Tabs>\n<Stat label='a' value={\n  1\n}/>\nstray <\n</Nope>`;
    const whole = parseInPieces(source, [], true);
    const wholeStreaming = parseInPieces(source, [], false);
    for (let cut = 0; cut <= source.length; cut++) {
      expect(parseInPieces(source, [cut], true)).toEqual(whole);
      expect(parseInPieces(source, [cut], false)).toEqual(wholeStreaming);
    }
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: source.length }), { maxLength: 12 }), (cuts) => {
        expect(parseInPieces(source, cuts, true)).toEqual(whole);
      }),
      { numRuns: 200 },
    );
    const oneByOne = Array.from({ length: source.length }, (_, index) => index);
    expect(parseInPieces(source, oneByOne, true)).toEqual(whole);
  });

  it("never changes what an earlier prefix showed into something else", () => {
    const source = `<Stats><Stat label="Tests" value={12}/><Stat label="Fai`;
    for (let end = 1; end <= source.length; end++) {
      const syntax = parseUiSyntax(source.slice(0, end), { final: false });
      for (const node of syntax.nodes) if (node.kind === "element") expect(node.name).toBe("Stats");
    }
  });
});

describe("parseUiSyntax: recovery", () => {
  it("keeps a stray < as text and reports it", () => {
    const syntax = parseUiSyntax(`<Summary>a < b and c <= d</Summary>`);
    expect(shape(syntax.nodes)).toEqual([{ element: "Summary", props: {}, children: ["a < b and c <= d"] }]);
    expect(codes(syntax)).toEqual(["malformed_tag", "malformed_tag"]);
  });

  it("skips a malformed prop and reads the props after it", () => {
    const syntax = parseUiSyntax(`<Stat label="x" value=12 tone="danger" $y/>\n<Stat label=oops/>`);
    expect(shape(syntax.nodes)).toEqual([{ element: "Stat", props: { label: "x", tone: "danger" } }, { element: "Stat", props: {} }]);
    expect(codes(syntax)).toEqual(["malformed_prop", "malformed_prop", "malformed_prop"]);
  });

  it("ends a start tag cut by another tag, as if it closed itself", () => {
    const syntax = parseUiSyntax(`<Stats>\n<Stat label="a"\n<Stat label="b"/>\n</Stats>`);
    expect(shape(syntax.nodes)).toEqual([{ element: "Stats", props: {}, children: [{ element: "Stat", props: { label: "a" } }, { element: "Stat", props: { label: "b" } }] }]);
    expect(codes(syntax)).toEqual(["unfinished_tag"]);
  });

  it("drops a closing tag with nothing open, and closes inner elements at an outer one's closing tag", () => {
    const syntax = parseUiSyntax(`</Stray><Tabs><Tab label="a"><Summary>x</Tabs><Tag>y</Tag>`);
    expect(shape(syntax.nodes)).toEqual([
      { element: "Tabs", props: {}, children: [{ element: "Tab", props: { label: "a" }, children: [{ element: "Summary", props: {}, children: ["x"] }] }] },
      { element: "Tag", props: {}, children: ["y"] },
    ]);
    expect(codes(syntax)).toEqual(["unexpected_close_tag", "mismatched_close_tag"]);
  });

  it("ends an expression whose brace never closes where a line starts with a tag", () => {
    const syntax = parseUiSyntax(`<Stat label="a" value={@Count($x)\n<Stat label="b"/>\n$z = [1, 2\n<Tag>t</Tag>`);
    expect(shape(syntax.nodes)).toEqual([{ element: "Stat", props: { label: "a" } }, { element: "Stat", props: { label: "b" } }, { element: "Tag", props: {}, children: ["t"] }]);
    expect(codes(syntax)).toEqual(["unfinished_prop", "invalid_declaration"]);
    expect(syntax.declarations).toEqual([]);
  });

  it("reports duplicate and forbidden props, and keeps the first", () => {
    const syntax = parseUiSyntax(`<Tag tone="a" tone="b" __proto__="x" constructor={1}>t</Tag>`);
    expect(shape(syntax.nodes)).toEqual([{ element: "Tag", props: { tone: "a" }, children: ["t"] }]);
    expect(codes(syntax)).toEqual(["duplicate_prop", "forbidden_name", "forbidden_name"]);
  });

  it("reports comments that are malformed or never closed", () => {
    expect(codes(parseUiSyntax(`<Summary>{/* a */ x}</Summary>`))).toEqual(["malformed_comment"]);
    expect(codes(parseUiSyntax(`<Summary>{/* a`))).toEqual(["unfinished_element", "unfinished_comment"]);
    expect(codes(parseUiSyntax(`<Summary>{/* a`, { final: false }))).toEqual([]);
  });
});

describe("parseUiSyntax: limits", () => {
  it("refuses elements nested past the nesting limit without overflowing the stack", () => {
    const depth = 20_000;
    const source = "<Tab>".repeat(depth) + "x" + "</Tab>".repeat(depth);
    // A clock that never moves: a cold engine on a busy machine may take longer than the time budget here; depth is what is tested.
    const syntax = parseUiSyntax(source, { now: () => 0 });
    let height = 0;
    for (let nodes: readonly UiSyntaxNode[] = syntax.nodes; nodes[0]?.kind === "element"; nodes = (nodes[0] as UiSyntaxElement).children) height++;
    expect(height).toBe(UI_LIMITS.nesting);
    expect(codes(syntax)[0]).toBe("too_deep");
    expect(codes(syntax).at(-1)).toBe("too_many_diagnostics");
    expect(syntax.diagnostics).toHaveLength(UI_LIMITS.diagnostics + 1);
  });

  it("fails the block whole past the node or character limit", () => {
    const nodes = parseUiSyntax("<Tag/>".repeat(50), { limits: { nodes: 40 } });
    expect(codes(nodes)).toEqual(["budget_exceeded"]);
    expect(nodes.diagnostics[0]?.message).toContain("too many nodes");
    expect(codes(parseUiSyntax("x".repeat(101), { limits: { characters: 100 } }))).toEqual(["budget_exceeded"]);
  });

  it("fails the block whole when the clock runs past the time limit", () => {
    let time = 0;
    const syntax = parseUiSyntax("<Summary>text</Summary>\n".repeat(5_000), { now: () => (time += 10), limits: { elapsedMs: 50, nodes: 100_000 } });
    expect(codes(syntax)).toEqual(["budget_exceeded"]);
    expect(syntax.diagnostics[0]?.message).toContain("took too long");
  });

  it("keeps at most the diagnostics limit, then says how many more there were", () => {
    const syntax = parseUiSyntax("</X>".repeat(300));
    expect(syntax.diagnostics).toHaveLength(UI_LIMITS.diagnostics + 1);
    expect(syntax.diagnostics.at(-1)?.message).toContain("200 more");
  });
});

describe("parseUiSyntax: bounded names and messages", () => {
  it("keeps a tag name longer than 64 characters as text, and drops such a prop or declared name", () => {
    const long = "A".repeat(65);
    const syntax = parseUiSyntax(`<${long} x="1"/>\n<Tag ${"p".repeat(65)}="1" ok="2">t</Tag>\n$${"v".repeat(65)} = 1\n`);
    expect(shape(syntax.nodes)).toEqual([`<${long} x="1"/>`, { element: "Tag", props: { ok: "2" }, children: ["t"] }]);
    expect(syntax.declarations).toEqual([]);
    expect(codes(syntax)).toEqual(["malformed_tag", "malformed_prop", "invalid_declaration"]);
    expect(shape(parseUiSyntax(`<${"B".repeat(64)}/>`).nodes)).toEqual([{ element: "B".repeat(64), props: {} }]);
  });

  it("keeps every diagnostic message short, whatever the input", () => {
    const syntax = parseUiSyntax(`</${"X".repeat(5_000)}>`);
    expect(codes(syntax)).toEqual(["unexpected_close_tag"]);
    expect(syntax.diagnostics[0]!.message.length).toBeLessThan(400);
  });
});

describe("UI_LITERAL_ELEMENTS", () => {
  it("are the catalog's components whose body is literal", () => {
    expect([...UI_LITERAL_ELEMENTS].sort()).toEqual(["CodeBlock", "Diagram"]);
  });
});
