import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { UiBlock } from "../envelope/schema";
import { compileUi } from "./compile-ui";
import { UiCompiler } from "./compiler";

const fence = (body: string, info = "ui") => "```" + info + "\n" + body + "\n```\n";
// Time budgets are generous here (they are tested with fake clocks elsewhere): a busy machine must not change what is compared.
const options = { id: "m", querySchemas: { tests: z.object({ branch: z.string() }) }, limits: { elapsedMs: 60_000 }, replyLimits: { elapsedMs: 60_000 } };

const SAMPLE = [
  "Here is the status of the build.\n\n",
  fence(
    `$failedOnly = false\n$runs = @Query("tests", {branch: "main"})\n$rows = [\n  {name: "a", ms: 12, failed: true},\n  {name: "b", ms: 40, failed: false},\n]\n<Stats>\n  <Stat label="Failed" value={@Count(@Filter($runs, run, run.failed))} tone="danger"/>\n  <Stat label="Total" value={@Count($runs)}/>\n</Stats>\n<Switch label="Failed only" value={$failedOnly}/>\n<Show when={$failedOnly}>\n  <Table rows={$rows} sortable>\n    <Column field="name" title="Test"/>\n    <Column field="ms" unit="ms" presentation="number"/>\n  </Table>\n</Show>\n<Summary>{@Count($rows)} rows, <Tag>new</Tag> "quoted" \\ text</Summary>\n<CodeBlock lang="ts">\n  if (a < b) { go(); }\n</CodeBlock>`,
    "ui id=build",
  ),
  "\nAnd the plan:\n\n",
  fence(
    `<Steps>\n  <Step title="Build" status="done"/>\n  <Step title="Deploy \\"prod\\"" status="active">Waiting for {/* approval */} review</Step>\n</Steps>\n<Choices>\n  <Choice id="go" label="Deploy now" context="Deploy to production"/>\n  <Choice id="reset" label="Reset" run={@Reset()}/>\n</Choices>\n<Image generated="latest" alt="The chart"/>`,
    "ui",
  ),
  "~~~ui\n<Callout tone=\"warning\" title=\"Open fence",
].join("");

/** Plain data of blocks (reading every lazy fallback). */
const data = (blocks: UiBlock[]) => JSON.parse(JSON.stringify(blocks)) as UiBlock[];

describe("UiCompiler", () => {
  it("keeps closed blocks as they are while the reply grows, and updates the open one", () => {
    const compiler = new UiCompiler(options);
    const end = SAMPLE.indexOf("~~~ui");
    const first = compiler.compile(SAMPLE.slice(0, end + 20));
    const second = compiler.compile(SAMPLE);
    expect(second[0]).toBe(first[0]);
    expect(second[1]).toBe(first[1]);
    expect(second[2]).not.toBe(first[2]);
    expect(second[2]?.nodes[0]?.props.title).toBe("Open fence");
    // Kept nodes of the open block are the same objects too.
    const growing = compiler.compile(SAMPLE + "\">\nMore");
    expect(growing[2]?.nodes[0]?.props).toEqual(second[2]?.nodes[0]?.props);
  });

  it("recompiles a changed fence and keeps the others after an edit that is not an append", () => {
    const compiler = new UiCompiler(options);
    const before = compiler.compile(SAMPLE);
    const edited = SAMPLE.replace('label="Deploy now"', 'label="Ship it"');
    const after = compiler.compile(edited);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(data(after)).toEqual(data(compileUi(edited, options)));
    // The prose before a fence changed: everything after it moved, and is recompiled.
    const moved = compiler.compile("Hi. " + edited);
    expect(data(moved)).toEqual(data(compileUi("Hi. " + edited, options)));
  });

  it("recompiles the blocks that show the latest generated image when it changes", () => {
    const compiler = new UiCompiler(options);
    const withoutImage = compiler.compile(SAMPLE);
    expect(withoutImage[1]?.nodes.at(-1)?.props).toEqual({ generated: "latest", alt: "The chart" });
    const withImage = compiler.compile(SAMPLE, { latestAttachment: "att_1" });
    expect(withImage[0]).toBe(withoutImage[0]);
    expect(withImage[1]?.nodes.at(-1)?.props).toEqual({ attachment: "att_1", alt: "The chart" });
    expect(compiler.compile(SAMPLE, { latestAttachment: "att_2" })[1]?.nodes.at(-1)?.props.attachment).toBe("att_2");
  });

  it("compiles the final text from scratch, reporting the unfinished last fence", () => {
    const compiler = new UiCompiler(options);
    const preview = compiler.compile(SAMPLE);
    const final = compiler.compile(SAMPLE, { final: true });
    expect(final[0]).not.toBe(preview[0]);
    expect(data(final)).toEqual(data(compileUi(SAMPLE, { ...options, final: true })));
    expect(final[2]?.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["unfinished_tag", "unfinished_prop", "unfinished_fence"]);
    expect(final[1]?.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["unresolved_attachment"]);
  });

  it("does not cache a refusal: removing an earlier block lets a later one render", () => {
    const blocks = Array.from({ length: 17 }, (_, index) => fence(`<Tag>${index}</Tag>`));
    const compiler = new UiCompiler(options);
    const full = compiler.compile(blocks.join(""));
    expect(full.at(-1)?.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["reply_budget"]);
    const shorter = compiler.compile(blocks.slice(1).join(""));
    expect(shorter).toHaveLength(16);
    expect(shorter.flatMap((block) => block.diagnostics)).toEqual([]);
    expect(shorter.at(-1)?.nodes[0]?.children[0]?.props.text).toBe("16");
  });

  it("releases everything on clear() and starts over", () => {
    const compiler = new UiCompiler(options);
    const before = compiler.compile(SAMPLE);
    compiler.clear();
    const after = compiler.compile(SAMPLE);
    expect(after[0]).not.toBe(before[0]);
    expect(data(after)).toEqual(data(before));
  });

  it("gives, at any cut points, the same blocks as compiling each prefix from scratch", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: SAMPLE.length }), { minLength: 1, maxLength: 25 }), (cuts) => {
        const compiler = new UiCompiler(options);
        for (const cut of [...cuts].sort((left, right) => left - right)) {
          const prefix = SAMPLE.slice(0, cut);
          expect(data(compiler.compile(prefix))).toEqual(data(compileUi(prefix, options)));
        }
        expect(data(compiler.compile(SAMPLE))).toEqual(data(compileUi(SAMPLE, options)));
      }),
      { numRuns: 60 },
    );
  });
});
