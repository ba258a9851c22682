import { describe, expect, it } from "vitest";
import { z } from "zod";
import { UI_CATALOG } from "../catalog/catalog";
import { uiFallbackText } from "../catalog/fallback";
import { UiBlocksSchema, type UiBlock } from "../envelope/schema";
import { UI_REPLY_LIMITS } from "../limits";
import { compileUi } from "./compile-ui";

const fence = (body: string, info = "ui") => "```" + info + "\n" + body + "\n```\n";
/** Generous time budgets, for the tests that are not about them. */
const RELAXED = { limits: { elapsedMs: 60_000 }, replyLimits: { elapsedMs: 60_000 } };
const codes = (block: UiBlock | undefined) => block?.diagnostics.map((diagnostic) => diagnostic.code) ?? [];

describe("compileUi: blocks of a reply", () => {
  it("compiles every UI fence, numbering blocks by their place among the reply's UI fences", () => {
    const reply = `Intro\n\n${fence("<Tag>a</Tag>")}\nprose\n${fence("js", "js")}${fence("<Tag>b</Tag>", "ui id=panel")}${fence("<Tag>c</Tag>")}`;
    const blocks = compileUi(reply, { ...RELAXED, id: "msg1", final: true });
    expect(blocks.map((block) => block.id)).toEqual(["msg1:0", "panel", "msg1:2"]);
    expect(blocks.map((block) => reply.slice(block.source.start, block.source.end))).toEqual(["<Tag>a</Tag>\n", "<Tag>b</Tag>\n", "<Tag>c</Tag>\n"]);
    expect(blocks[0]?.nodes[0]?.id).toBe("msg1:0:0");
    expect(blocks[1]?.nodes[0]?.id).toBe("panel:0");
    expect(blocks.every((block) => block.complete && block.catalog === "1")).toBe(true);
    expect(UiBlocksSchema.parse(JSON.parse(JSON.stringify(blocks)))).toHaveLength(3);
  });

  it("checks elements against a catalog the host passes instead of UI_CATALOG, and against UI_CATALOG otherwise", () => {
    const reply = fence('<Tag tone="success">ok</Tag>\n<Wide>x</Wide>');
    const catalog = {
      ...UI_CATALOG,
      Tag: { ...UI_CATALOG.Tag, schema: z.strictObject({}) },
      Wide: { ...UI_CATALOG.CodeBlock },
    };
    const today = compileUi(reply, { ...RELAXED, id: "m", final: true });
    const changed = compileUi(reply, { ...RELAXED, id: "m", final: true, catalog });
    expect(codes(today[0])).toEqual(["unknown_component"]);
    expect(codes(changed[0])).toEqual(["refused_prop"]);
    // A literal component of the passed catalog takes its body as code, as CodeBlock does.
    expect(changed[0]?.nodes.find((node) => node.type === "Wide")?.props.code).toBe("x");
    expect(changed[0]?.catalog).toBe(today[0]?.catalog);
  });

  it("ignores UI fences shown inside another code fence", () => {
    const reply = "````markdown\n" + fence("<Tag>example</Tag>") + "````\n" + fence("<Tag>real</Tag>");
    const blocks = compileUi(reply, { ...RELAXED, id: "m", final: true });
    expect(blocks).toHaveLength(1);
    expect(blocks[0]?.nodes[0]?.children[0]?.props.text).toBe("real");
  });

  it("reports the fence's attributes: invalid ones, duplicate panel ids, unknown catalogs", () => {
    const reply = fence("<Tag>a</Tag>", "ui id=x color=red") + fence("<Tag>b</Tag>", "ui id=x") + fence("<Tag>c</Tag>", "ui id=bad/id") + fence("<Gauge/>", "ui catalog=9");
    const blocks = compileUi(reply, { ...RELAXED, id: "m", final: true });
    expect(blocks.map((block) => block.id)).toEqual(["x", "m:1", "m:2", "m:3"]);
    expect(blocks.map(codes)).toEqual([["invalid_attribute"], ["duplicate_block_id"], ["invalid_block_id"], ["unknown_catalog"]]);
    // A block for an unknown catalog is kept whole: nothing is checked against this catalog.
    expect(blocks[3]?.catalog).toBe("9");
    expect(blocks[3]?.nodes[0]?.type).toBe("Gauge");
  });

  it("keeps an unfinished fence; reports it (and what is cut off inside) only when final", () => {
    const reply = "Text\n```ui\n<Stats>\n  <Stat label=\"a\" value={1}/>";
    const streaming = compileUi(reply, { ...RELAXED, id: "m" });
    expect(streaming[0]?.complete).toBe(false);
    expect(streaming[0]?.diagnostics).toEqual([]);
    expect(streaming[0]?.nodes[0]).toMatchObject({ type: "Stats", complete: false, children: [{ type: "Stat", complete: true }] });
    expect(codes(compileUi(reply, { ...RELAXED, id: "m", final: true })[0])).toEqual(["unfinished_element", "unfinished_fence"]);
  });

  it("takes a closed fence's body as complete even before the reply is final", () => {
    const reply = fence("<Tag>x");
    const [block] = compileUi(reply, { ...RELAXED, id: "m" });
    expect(codes(block)).toEqual(["unfinished_element"]);
    expect(block?.complete).toBe(false);
  });

  it("lets uiFallbackText replace each fence by its block's fallback", () => {
    const reply = `Before\n\n${fence(`<Callout tone="warning" title="Careful">Check it</Callout>`)}\nAfter\n`;
    const text = uiFallbackText(reply, compileUi(reply, { ...RELAXED, id: "m", final: true }));
    expect(text.startsWith("Before\n\n")).toBe(true);
    expect(text.endsWith("\nAfter\n")).toBe(true);
    expect(text).toContain("Careful");
    expect(text).not.toContain("```ui");
  });
});

describe("compileUi: the reply budget", () => {
  it("compiles at most 16 blocks: the first refused fence carries the one diagnosis, later ones stay text", () => {
    const reply = Array.from({ length: 20 }, (_, index) => fence(`<Tag>${index}</Tag>`)).join("");
    const blocks = compileUi(reply, { ...RELAXED, id: "m", final: true });
    expect(blocks).toHaveLength(UI_REPLY_LIMITS.blocks + 1);
    const refused = blocks[UI_REPLY_LIMITS.blocks]!;
    expect(refused).toMatchObject({ id: "m:16", nodes: [], declarations: [] });
    expect(codes(refused)).toEqual(["reply_budget"]);
    expect(refused.fallback).toBe(reply.slice(refused.range.start, refused.range.end));
    expect(blocks.slice(0, 16).every((block) => block.diagnostics.length === 0)).toBe(true);
  });

  it("refuses the fence that would carry the reply past its UI source limit", () => {
    const reply = fence(`<Summary>${"a".repeat(150)}</Summary>`) + fence(`<Summary>${"b".repeat(150)}</Summary>`);
    const blocks = compileUi(reply, { id: "m", final: true, limits: RELAXED.limits, replyLimits: { ...RELAXED.replyLimits, sourceUnits: 250 } });
    expect(blocks.map(codes)).toEqual([[], ["reply_budget"]]);
  });

  it("refuses the block that would carry the reply past its node limit", () => {
    const reply = fence("<Stats><Stat label=\"a\" value={1}/><Stat label=\"b\" value={2}/></Stats>").repeat(3);
    const blocks = compileUi(reply, { id: "m", final: true, limits: RELAXED.limits, replyLimits: { ...RELAXED.replyLimits, nodes: 7 } });
    expect(blocks.map(codes)).toEqual([[], [], ["reply_budget"]]);
    expect(blocks[2]?.nodes).toEqual([]);
  });

  it("refuses fences once the reply's compilation time is spent", () => {
    let time = 0;
    const reply = fence("<Tag>a</Tag>").repeat(5);
    const blocks = compileUi(reply, { id: "m", final: true, now: () => (time += 10), replyLimits: { elapsedMs: 60 } });
    expect(blocks.length).toBeLessThan(5);
    expect(codes(blocks.at(-1))).toEqual(["reply_budget"]);
    expect(blocks.slice(0, -1).every((block) => block.diagnostics.length === 0)).toBe(true);
  });

  it("never reaches the time budget on a legal 256 KB reply", () => {
    const body = `<Table rows={[${Array.from({ length: 190 }, (_, index) => `{name: "t${index}", ms: ${index}}`).join(", ")}]}><Column field="name"/></Table>\n`;
    const reply = Array.from({ length: 16 }, () => fence(body.repeat(Math.floor(15_000 / body.length)))).join("");
    expect(reply.length).toBeGreaterThan(200_000);
    // The budget is measured on the CPU clock here: the test is about the compiler's work, not about
    // how busy the machine running the tests is. A warm engine is assumed (as in a running server).
    const cpuClock = () => {
      const usage = process.cpuUsage();
      return (usage.user + usage.system) / 1000;
    };
    for (let run = 0; run < 5; run++) compileUi(reply, { id: "warm", final: true, limits: { elapsedMs: 60_000 }, replyLimits: { elapsedMs: 60_000 } });
    const blocks = compileUi(reply, { id: "m", final: true, now: cpuClock });
    expect(blocks.flatMap((block) => block.diagnostics)).toEqual([]);
  });
});
