import { describe, expect, it } from "vitest";
import { PROJECT_QUERY_SCHEMAS } from "@/lib/project/query-sources";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import type { UiRecord } from "@/lib/ui/expression/value";
import { checkBlockData, DATA_SAMPLE_MAX_CHARACTERS, DATA_SAMPLE_ROWS, type QueryRows } from "./block-data-check";
import { brokenBlocks } from "./repair-blocks";
import { buildRepairPrompt, EMPTY_DATA_LINE } from "./repair-prompt";
import { spliceRepairs } from "./repair-splice";

/** Rows shaped as the demo project's `tests` source answers. */
const TEST_ROWS: UiRecord[] = [
  { name: "billing › rounds invoice totals", suite: "billing", ms: 412, failed: true, run: 1842, owner: "Amara Okafor", runAt: "2026-11-30T14:04:12.000Z" },
  { name: "billing › applies regional tax", suite: "billing", ms: 388, failed: true, run: 1842, owner: "Amara Okafor", runAt: "2026-11-30T14:04:12.000Z" },
  { name: "search › ranks exact matches first", suite: "search", ms: 73, failed: false, run: 1842, owner: "Jonas Lindqvist", runAt: "2026-11-30T14:04:12.000Z" },
];

const rowsOf: QueryRows = (query) => (query.source === "tests" ? TEST_ROWS : undefined);

function block(body: string, id = "m1") {
  const [compiled] = compileUi(`Before.\n\n\`\`\`ui\n${body}\n\`\`\`\n`, { id, final: true, querySchemas: PROJECT_QUERY_SCHEMAS });
  if (!compiled) throw new Error("no block");
  return compiled;
}

/** Adds up booleans: fine with no rows (0), a type error on real ones. */
const SUM_OF_BOOLEANS = ['$t = @Query("tests", {branch: "main"})', '<Stats><Stat label="Failing" value={@Sum($t, "failed")}/></Stats>'].join("\n");

/** A list on real rows, a word when there are none: `Each` refuses the word. */
const WORD_WHEN_EMPTY = ['$t = @Query("tests", {branch: "main"})', '<Each items={@Count($t) == 0 ? "none" : $t} as="test"><Summary>{test.name}</Summary></Each>'].join("\n");

describe("checkBlockData", () => {
  it("finds an error only the real rows show, names the check, and quotes the first rows", () => {
    const checked = checkBlockData(block(SUM_OF_BOOLEANS), rowsOf);
    expect(block(SUM_OF_BOOLEANS).diagnostics).toEqual([]);
    expect(checked?.findings.map((finding) => [finding.check, finding.code])).toEqual([["real data", "not_a_number"]]);
    expect(checked?.findings[0]?.message).toContain("boolean");
    expect(checked?.realChecked).toBe(true);
    expect(checked?.samples).toEqual([
      { name: "t", source: "tests", arguments: '{"branch":"main"}', rows: 3, first: JSON.stringify(TEST_ROWS.slice(0, DATA_SAMPLE_ROWS)) },
    ]);
  });

  it("finds an error only empty answers show", () => {
    const checked = checkBlockData(block(WORD_WHEN_EMPTY), rowsOf);
    expect(checked?.findings.map((finding) => [finding.check, finding.code])).toEqual([["empty data", "invalid_prop"]]);
  });

  it("counts an error both checks find on the same element once, as the real rows'", () => {
    const both = ['$t = @Query("tests", {branch: "main"})', '<Stats><Stat label="Slowest" value={@Max($t, "ms") - "x"}/></Stats>'].join("\n");
    const checked = checkBlockData(block(both), rowsOf);
    expect(checked?.findings.map((finding) => [finding.check, finding.code])).toEqual([["real data", "type_mismatch"]]);
  });

  it("skips the real-data check for a block whose query was not read, and still checks empty answers", () => {
    const checked = checkBlockData(block(WORD_WHEN_EMPTY), () => undefined);
    expect(checked?.realChecked).toBe(false);
    expect(checked?.samples).toEqual([]);
    expect(checked?.findings.map((finding) => finding.check)).toEqual(["empty data"]);
    expect(checkBlockData(block(SUM_OF_BOOLEANS), () => undefined)?.findings).toEqual([]);
  });

  it("does not repeat what the compiler reported, and leaves blocks without queries, unfinished or refused alone", () => {
    const unknown = ['$t = @Query("tests", {branch: "main"})', "<Gauge value={@Count($t)}/>"].join("\n");
    const compiled = block(unknown);
    expect(compiled.diagnostics.map((diagnostic) => diagnostic.code)).toContain("unknown_component");
    expect(checkBlockData(compiled, rowsOf)?.findings).toEqual([]);
    // Drawn once per row by an Each, a mistake is still one finding.
    const perRow = ['$t = @Query("tests", {branch: "main"})', '<Each items={$t} as="test"><Summary>{test.owner - 1}</Summary></Each>'].join("\n");
    expect(checkBlockData(block(perRow), rowsOf)?.findings.map((finding) => [finding.check, finding.code])).toEqual([["real data", "type_mismatch"]]);
    expect(checkBlockData(block("<Summary>No data here.</Summary>"), rowsOf)).toBeNull();
    const [unfinished] = compileUi('```ui\n$t = @Query("tests", {branch: "main"})\n<Stats><Stat label="a" value={@Sum($t, "failed")}/>', { id: "m1", final: true, querySchemas: PROJECT_QUERY_SCHEMAS });
    expect(unfinished && checkBlockData(unfinished, rowsOf)).toBeNull();
  });

  it("cuts a long quotation of rows", () => {
    const wide = TEST_ROWS.map((row) => ({ ...row, name: "x".repeat(1_000) }));
    const checked = checkBlockData(block(SUM_OF_BOOLEANS), () => wide);
    expect(checked?.samples[0]?.first.length).toBe(DATA_SAMPLE_MAX_CHARACTERS);
    expect(checked?.samples[0]?.first.endsWith("…")).toBe(true);
  });
});

describe("data findings in the repair round", () => {
  const text = `Tests:\n\n\`\`\`ui id=health\n${SUM_OF_BOOLEANS}\n\`\`\`\n\nThat is all.\n`;
  const ui = compileUi(text, { id: "m1", final: true, querySchemas: PROJECT_QUERY_SCHEMAS });
  const checks = ui.map((compiled) => checkBlockData(compiled, rowsOf));

  it("makes a block that compiles cleanly broken, with the check and the rows it was found on", () => {
    expect(brokenBlocks({ id: "m1", ui })).toEqual([]);
    const [broken] = brokenBlocks({ id: "m1", ui }, checks);
    expect(broken?.errors.map((error) => [error.code, error.check])).toEqual([["not_a_number", "real data"]]);
    expect(broken?.samples.map((sample) => sample.source)).toEqual(["tests"]);
  });

  it("tells the model which check failed and what the rows looked like", () => {
    const { prompt } = buildRepairPrompt({ text, blocks: brokenBlocks({ id: "m1", ui }, checks) });
    expect(prompt).toContain("could not show on the project's data");
    expect(prompt).toMatch(/- not_a_number \(real data\): A number was expected/);
    expect(prompt).toContain('<data index="1">\nreal data: $t = @Query("tests", {"branch":"main"}) answered 3 rows; the first: [{"name":"billing › rounds invoice totals"');
    const empty = compileUi(`\`\`\`ui\n${WORD_WHEN_EMPTY}\n\`\`\``, { id: "m2", final: true, querySchemas: PROJECT_QUERY_SCHEMAS });
    const emptyPrompt = buildRepairPrompt({ text: `\`\`\`ui\n${WORD_WHEN_EMPTY}\n\`\`\``, blocks: brokenBlocks({ id: "m2", ui: empty }, empty.map((compiled) => checkBlockData(compiled, rowsOf))) }).prompt;
    expect(emptyPrompt).toContain(`- invalid_prop (empty data):`);
    expect(emptyPrompt).toContain(EMPTY_DATA_LINE);
    expect(emptyPrompt).not.toContain("real data:");
  });

  it("keeps a rewrite only when it fixes what the data checks found, and records each check", () => {
    const blocks = brokenBlocks({ id: "m1", ui }, checks);
    const checkData = (compiled: (typeof ui)[number]) => checkBlockData(compiled, rowsOf);
    const stillBroken = "```ui id=health\n" + SUM_OF_BOOLEANS.replace('label="Failing"', 'label="Failed"') + "\n```";
    const rejected = spliceRepairs({ text, messageId: "m1", blocks, answer: stillBroken, querySchemas: PROJECT_QUERY_SCHEMAS, checkData });
    expect(rejected.replaced).toBe(0);
    expect(rejected.records[0]?.rejected).toBe("The rewrite still has 1 error.");
    // Without the data check, the same rewrite would have passed for a fix.
    expect(spliceRepairs({ text, messageId: "m1", blocks, answer: stillBroken, querySchemas: PROJECT_QUERY_SCHEMAS }).replaced).toBe(1);

    const fixed = "```ui id=health\n" + SUM_OF_BOOLEANS.replace('@Sum($t, "failed")', "@Count(@Filter($t, test, test.failed))") + "\n```";
    const kept = spliceRepairs({ text, messageId: "m1", blocks, answer: fixed, querySchemas: PROJECT_QUERY_SCHEMAS, checkData });
    expect(kept.replaced).toBe(1);
    expect(kept.records[0]?.diagnostics.map((diagnostic) => diagnostic.check)).toEqual(["real data"]);
    expect(kept.records[0]?.diagnosticsAfter).toEqual([]);
    expect(kept.text).toBe(text.replace(text.slice(ui[0]?.range.start, ui[0]?.range.end), fixed));
  });
});
