import { describe, expect, it } from "vitest";
import { z } from "zod";
import { UiBlockSchema, type UiBlock, type UiNode } from "../envelope/schema";
import { compileUiBlock } from "./compile-block";

const querySchemas = { tests: z.object({ branch: z.string() }), people: z.object({}).strict() };

function compile(source: string, options: Partial<Parameters<typeof compileUiBlock>[1]> = {}): UiBlock {
  // A generous time budget unless a test sets one: a busy machine must not change the result.
  return compileUiBlock(source, { id: "m:0", final: true, querySchemas, ...options, limits: { elapsedMs: 60_000, ...options.limits } });
}

const codes = (block: UiBlock) => block.diagnostics.map((diagnostic) => diagnostic.code);

/** Finds the first node of a type, depth first. */
function find(nodes: readonly UiNode[], type: string): UiNode | undefined {
  for (const node of nodes) {
    if (node.type === type) return node;
    const inner = find(node.children, type);
    if (inner) return inner;
  }
  return undefined;
}

describe("compileUiBlock: nodes", () => {
  it("separates static props, expressions and bindings", () => {
    const block = compile(`$on = false\n$runs = @Query("tests", {branch: "main"})\n<Switch label="Failed only" value={$on}/>\n<Stats><Stat label="Runs" value={@Count($runs)} unit="runs" delta={-2}/></Stats>`);
    expect(block.diagnostics).toEqual([]);
    const toggle = find(block.nodes, "Switch")!;
    expect(toggle).toMatchObject({ id: "m:0:54", props: { label: "Failed only" }, expressions: {}, bindings: { value: "on" }, complete: true });
    const stat = find(block.nodes, "Stat")!;
    expect(stat.props).toEqual({ label: "Runs", unit: "runs", delta: -2 });
    expect(stat.expressions).toEqual({ value: "@Count($runs)" });
    expect(UiBlockSchema.parse(JSON.parse(JSON.stringify(block)))).toBeTruthy();
  });

  it("makes text children #text and interpolations #expression, ids at their first character", () => {
    const source = `<Summary>{@Count($n)} runs\n  today</Summary>`;
    const block = compile(`$n = [1]\n${source}`);
    const summary = block.nodes[0]!;
    expect(summary.children.map((child) => [child.id, child.type, child.props, child.expressions])).toEqual([
      ["m:0:18", "#expression", {}, { value: "@Count($n)" }],
      ["m:0:30", "#text", { text: " runs today" }, {}],
    ]);
  });

  it("puts a CodeBlock's or Diagram's literal body in props.code", () => {
    const block = compile(`<CodeBlock lang="ts">\nif (a < b) { run(); }\n</CodeBlock>\n<Diagram>graph TD; A-->B</Diagram>`);
    expect(block.nodes.map((node) => node.props)).toEqual([{ lang: "ts", code: "if (a < b) { run(); }" }, { code: "graph TD; A-->B" }]);
  });

  it("folds constant expressions into static props", () => {
    const block = compile(`<Chart kind="bar" rows={[{label: "Mon", runs: 3}]} stacked height={-0}/>`);
    expect(block.nodes[0]?.props).toEqual({ kind: "bar", rows: [{ label: "Mon", runs: 3 }], stacked: true, height: 0 });
    expect(block.nodes[0]?.expressions).toEqual({});
  });

  it("drops a prop the component does not have (refused_prop)", () => {
    const block = compile(`<Tag tone="info" color="red" onClick={1}>new</Tag>`);
    expect(block.nodes[0]?.props).toEqual({ tone: "info" });
    expect(codes(block)).toEqual(["refused_prop", "refused_prop"]);
    expect(block.diagnostics[0]).toMatchObject({ range: { start: 17, end: 28 }, nodeId: "m:0:0" });
  });

  it("keeps an unknown component with its children as its fallback, and its siblings", () => {
    const block = compile(`<Summary>Deploy <b>now</b>.</Summary>\n<Gauge level={3}>Full</Gauge>\n<Tag>ok</Tag>`);
    expect(codes(block)).toEqual(["unknown_component", "unknown_component"]);
    expect(block.nodes[0]?.children.map((child) => child.type)).toEqual(["#text", "b", "#text"]);
    const gauge = block.nodes[1]!;
    expect(gauge).toMatchObject({ type: "Gauge", props: { level: 3 }, children: [{ type: "#text", props: { text: "Full" } }] });
    expect(block.nodes.map((node) => node.type)).toEqual(["Summary", "Gauge", "Tag"]);
  });

  it("drops a child that breaks its parent's rule, seen through Show and Each", () => {
    const block = compile(
      `$on = true\n$rows = [{name: "a"}]\n<Stats>\n  <Stat label="a" value={1}/>\n  <Table rows={$rows}/>\n  loose words\n  <Show when={$on}><Stat label="b" value={2}/><Tag>x</Tag></Show>\n</Stats>\n<Each items={$rows} as="row"><Stat label={row.name} value={1}/></Each>\n<Column field="x"/>`,
    );
    expect(codes(block)).toEqual(["invalid_child", "invalid_child", "invalid_child", "invalid_parent", "invalid_parent"]);
    const stats = block.nodes[0]!;
    expect(stats.children.map((child) => child.type)).toEqual(["Stat", "Show"]);
    expect(stats.children[1]?.children.map((child) => child.type)).toEqual(["Stat"]);
    expect(block.nodes.map((node) => node.type)).toEqual(["Stats", "Each"]);
    expect(block.nodes[1]?.children).toEqual([]);
  });

  it("takes Tag and host-link chips inline in Summary, Callout and Step text, and nothing else there", () => {
    const block = compile(
      `<Summary>Since <Commit sha="9f2c1ab"/>: <Tag>flaky</Tag> <Progress value={3}/></Summary>\n<Callout tone="info"><File path="a.ts"/> <Table rows={[]}/></Callout>\n<Steps><Step title="a"><Node ref="n:1"/><Diff/><Stats/></Step></Steps>\n<Tag><File path="a.ts"/></Tag>`,
    );
    expect(block.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.message.match(/\(([^)]*)\)$/)?.[1]])).toEqual([
      ["invalid_child", "<Summary> does not take <Progress>"],
      ["invalid_child", "<Callout> does not take <Table>"],
      ["invalid_child", "<Step> does not take <Stats>"],
      ["invalid_child", "<Tag> does not take <File>"],
    ]);
    const [summary, callout, steps, tag] = block.nodes;
    expect(summary?.children.map((child) => child.type)).toEqual(["#text", "Commit", "#text", "Tag", "#text"]);
    expect(callout?.children.map((child) => child.type)).toEqual(["File", "#text"]);
    expect(steps?.children[0]?.children.map((child) => child.type)).toEqual(["Node", "Diff"]);
    expect(tag?.children).toEqual([]);
  });

  it("checks names: variables declared before use, locals bound by Each, @Filter or @Map", () => {
    const block = compile(
      `$rows = [{name: "a", failed: true}]\n<Each items={$rows} as="row"><Summary>{row.name} {@Count(@Filter($rows, r, r.failed))} {other} {$later}</Summary></Each>\n$later = 1`,
    );
    expect(block.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.message.match(/\(([^)]*)\)$/)?.[1]])).toEqual([
      ["unknown_local", "other"],
      ["unknown_variable", "$later"],
    ]);
  });

  it("binds only a bindable prop whose expression is one declared state variable", () => {
    const block = compile(
      `$on = false\n$count = @Count([1])\n<Switch label="a" value={$on}/>\n<Switch label="b" value={$count}/>\n<Switch label="c" value={!$on}/>\n<Tag tone={$on}>x</Tag>\n<Switch label="d" value={true}/>`,
    );
    const switches = block.nodes.filter((node) => node.type === "Switch");
    expect(switches.map((node) => [node.bindings, node.expressions, node.props.value])).toEqual([
      [{ value: "on" }, {}, undefined],
      [{}, { value: "$count" }, undefined],
      [{}, { value: "!$on" }, undefined],
      [{}, {}, true],
    ]);
    expect(codes(block)).toEqual(["invalid_binding"]);
    expect(block.nodes.find((node) => node.type === "Tag")?.expressions).toEqual({ tone: "$on" });
  });

  it("allows @Set and @Reset only in an action prop, on declared state", () => {
    const block = compile(
      `$n = 1\n$c = @Count([1])\n<Choices>\n  <Choice id="a" label="A" run={@Set($n, $n + 1)}/>\n  <Choice id="b" label="B" run={@Reset()}/>\n  <Choice id="c" label="C" run={$n}/>\n  <Choice id="d" label="D" run={@Set($c, 1)}/>\n  <Choice id="e" label={@Reset($n)}/>\n</Choices>`,
    );
    const runs = block.nodes[0]!.children.map((choice) => choice.expressions.run ?? null);
    expect(runs).toEqual(["@Set($n, $n + 1)", "@Reset()", null, null, null]);
    expect(codes(block)).toEqual(["invalid_action", "invalid_action", "misplaced_action"]);
  });

  it("reports an expression that does not parse at its place, and leaves the prop out", () => {
    const source = `<Stat label="a" value={1 +}/>`;
    const block = compile(`<Stats>${source}</Stats>`);
    expect(block.nodes[0]?.children[0]?.props).toEqual({ label: "a" });
    expect(block.nodes[0]?.children[0]?.expressions).toEqual({});
    const [diagnostic] = block.diagnostics;
    expect(diagnostic?.code).toBe("expression_syntax");
    expect(diagnostic?.nodeId).toBe("m:0:7");
    expect(diagnostic!.range.start).toBeGreaterThanOrEqual(`<Stats><Stat label="a" value={`.length);
    expect(codes(compile(`<Tag tone={$a.__proto__}>x</Tag>`))).toEqual(["forbidden_name"]);
  });

  it("keeps stray text at the top level as #text, diagnosed", () => {
    const block = compile(`Results:\n<Tag>x</Tag>\n{@Count([1])}`);
    expect(block.nodes.map((node) => node.type)).toEqual(["#text", "Tag", "#expression"]);
    expect(codes(block)).toEqual(["stray_text", "stray_text"]);
  });
});

describe("compileUiBlock: declarations", () => {
  it("classifies state (constant), query and computed declarations", () => {
    const block = compile(`$on = false\n$limit = -5\n$runs = @Query("tests", {branch: "main"})\n$failed = @Filter($runs, run, run.failed)\n$label = "n = " + $limit`);
    expect(block.declarations.map(({ name, kind, value, source, arguments: args }) => ({ name, kind, value, source, args }))).toEqual([
      { name: "on", kind: "state", value: false, source: undefined, args: undefined },
      { name: "limit", kind: "state", value: -5, source: undefined, args: undefined },
      { name: "runs", kind: "query", value: undefined, source: "tests", args: `{branch: "main"}` },
      { name: "failed", kind: "computed", value: undefined, source: undefined, args: undefined },
      { name: "label", kind: "computed", value: undefined, source: undefined, args: undefined },
    ]);
    expect(block.diagnostics).toEqual([]);
  });

  it("checks a query's source, its literal form and its arguments", () => {
    const block = compile(
      `$branch = "main"\n$a = @Query("nope", {})\n$b = @Query($branch, {})\n$c = @Query("tests", {branch: 1})\n$d = @Query("tests", {branch: $branch})\n$e = @Query("tests", $branch)\n$f = @Query("tests", {branch: $a})\n$g = @Count(@Query("tests", {}))\n$h = @Query("people")`,
    );
    expect(block.declarations.map((declaration) => declaration.name)).toEqual(["branch", "d", "h"]);
    expect(codes(block)).toEqual(["unknown_query_source", "misplaced_query", "query_arguments", "invalid_query", "invalid_query", "misplaced_query"]);
    expect(codes(compile(`$a = @Query("tests", {branch: "x"})`, { querySchemas: undefined }))).toEqual(["unknown_query_source"]);
  });

  it("clamps a constant argument past its source's range, with an info diagnostic on the declaration, and refuses the rest", () => {
    const schemas = { commits: z.strictObject({ limit: z.number().int().min(1).max(100).optional() }) };
    const source = `$a = @Query("commits", {limit: 500})\n$b = @Query("commits", {limit: 0})\n$c = @Query("commits", {limit: 2.5})\n$d = @Query("commits", {limit: 100})`;
    const block = compile(source, { querySchemas: schemas });
    expect(block.declarations.map((declaration) => [declaration.name, declaration.kind])).toEqual([["a", "query"], ["b", "query"], ["d", "query"]]);
    // The declaration keeps what was written: the route clamps the evaluated value the same way.
    expect(block.declarations[0]).toMatchObject({ source: "commits", arguments: "{limit: 500}" });
    expect(block.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.message, source.slice(diagnostic.range.start, diagnostic.range.end)])).toEqual([
      ["query_argument_clamped", expect.stringContaining("(limit 500 is past commits' cap; 100 is used)"), `@Query("commits", {limit: 500})`],
      ["query_argument_clamped", expect.stringContaining("(limit 0 is below commits' minimum; 1 is used)"), `@Query("commits", {limit: 0})`],
      ["query_arguments", expect.any(String), `@Query("commits", {limit: 2.5})`],
    ]);
  });

  it("keeps the first of a redeclared name and refuses forbidden names", () => {
    const block = compile(`$a = 1\n$a = 2\n$prototype = 3\n<Tag tone={$a}>x</Tag>`);
    expect(block.declarations.map((declaration) => [declaration.name, declaration.value])).toEqual([["a", 1]]);
    expect(codes(block)).toEqual(["duplicate_declaration", "forbidden_name"]);
  });

  it("does not report uses of a declaration that could not be used", () => {
    const block = compile(`$a = 1 +\n<Tag tone={$a}>x</Tag>`);
    expect(codes(block)).toEqual(["expression_syntax"]);
  });
});

describe("compileUiBlock: streaming, final and attachments", () => {
  it("reports unfinished syntax only when final", () => {
    const source = `<Stats>\n  <Stat label="a" value={@Count(`;
    expect(compile(source, { final: false }).diagnostics).toEqual([]);
    expect(codes(compile(source))).toEqual(["unfinished_element", "unfinished_tag", "unfinished_prop"]);
    expect(compile(source).complete).toBe(false);
    expect(compile(`<Tag>x</Tag>`).complete).toBe(true);
    expect(compile(`<Tag>x</Tag>`, { final: false }).complete).toBe(false);
  });

  it("shows a streamed quoted prop as received, and keeps open elements marked", () => {
    const block = compile(`<Callout tone="danger" title="Deploy fai`, { final: false });
    expect(block.nodes[0]).toMatchObject({ type: "Callout", props: { tone: "danger", title: "Deploy fai" }, complete: false });
  });

  it("resolves Image generated=\"latest\" to the latest attachment, or reports it on final", () => {
    const source = `<Image generated="latest" alt="A cat"/>`;
    expect(compile(source, { latestAttachment: "att_42" }).nodes[0]?.props).toEqual({ attachment: "att_42", alt: "A cat" });
    const unresolved = compile(source);
    expect(unresolved.nodes[0]?.props).toEqual({ generated: "latest", alt: "A cat" });
    expect(codes(unresolved)).toEqual(["unresolved_attachment"]);
    expect(compile(source, { final: false }).diagnostics).toEqual([]);
  });
});

describe("compileUiBlock: budgets", () => {
  it("replaces the whole block, with one diagnosis and a bounded fallback, past a budget", () => {
    const many = compile(`<Stats>${`<Stat label="x" value={1}/>`.repeat(3_000)}</Stats>`);
    expect(many.nodes).toEqual([]);
    expect(many.declarations).toEqual([]);
    expect(codes(many)).toEqual(["budget_exceeded"]);
    expect(many.fallback.length).toBeLessThan(300);
    expect(codes(compile("<Tag>x</Tag>".repeat(100), { limits: { characters: 1_000 } }))).toEqual(["budget_exceeded"]);
    let time = 0;
    const slow = compile(`<Summary>x</Summary>\n`.repeat(200), { now: () => (time += 5), limits: { elapsedMs: 10 } });
    expect(codes(slow)).toEqual(["budget_exceeded"]);
    expect(slow.complete).toBe(false);
  });

  it("keeps at most the diagnostics limit, plus one saying how many more", () => {
    const block = compile(`<Tag bad="1">x</Tag>`.repeat(150));
    expect(block.diagnostics).toHaveLength(101);
    expect(block.diagnostics.at(-1)).toMatchObject({ code: "too_many_diagnostics" });
    expect(block.diagnostics.at(-1)?.message).toContain("50 more");
  });
});

describe("compileUiBlock: the envelope", () => {
  it("produces blocks the wire schema accepts, fallback included", () => {
    const block = compile(`$n = 2\n<Callout tone="warning" title="Heads up">Two {$n} things</Callout>\n<Stats><Stat label="Runs" value={$n}/></Stats>`);
    const wire = JSON.parse(JSON.stringify(block)) as UiBlock;
    expect(UiBlockSchema.parse(wire)).toEqual(wire);
    expect(wire.fallback).toContain("Heads up");
    expect(structuredClone(block).fallback).toBe(block.fallback);
    block.fallback = "replaced";
    expect(block.fallback).toBe("replaced");
  });
});

describe("compileUiBlock: hostile input", () => {
  it("bounds what one tag and one expression can make it report", () => {
    const flags = Array.from({ length: 5_000 }, (_, index) => `f${index}`).join(" ");
    const block = compile(`<Tag ${flags}>x</Tag>\n<Summary>{[${Array.from({ length: 500 }, (_, index) => `$v${index}`).join(", ")}]}</Summary>`);
    expect(block.nodes.map((node) => node.type)).toEqual(["Tag", "Summary"]);
    expect(block.diagnostics.filter((diagnostic) => diagnostic.code === "refused_prop")).toHaveLength(64);
    expect(block.diagnostics.filter((diagnostic) => diagnostic.code === "malformed_prop")).toHaveLength(1);
    expect(block.diagnostics.filter((diagnostic) => diagnostic.code === "unknown_variable")).toHaveLength(10);
  });

  it("keeps at most the block's limit of diagnostics however many elements raise them", () => {
    const block = compile(`<Stats>${'<Stat label="a" value={1} bad="x"/>'.repeat(1_500)}</Stats>`);
    expect(block.diagnostics).toHaveLength(101);
    expect(block.diagnostics.at(-1)?.message).toContain("1400 more");
  });
});
