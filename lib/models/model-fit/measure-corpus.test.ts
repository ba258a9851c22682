/** The bench's counting on the seed corpus, against the demo project's real rows on PGlite. */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { UiViewNode } from "@/lib/ui/evaluate/view-node";

vi.mock("server-only", () => ({}));

const { evaluateUiBlock } = await import("@/lib/ui/evaluate/evaluate-block");
const { compileStoredBlocks, openTestDatabase } = await import("@/lib/project/testing/project-test-setup");
const { PROJECT_QUERY_SCHEMAS } = await import("@/lib/project/query-sources");
const { readModelFitCorpus } = await import("./corpus");
const { demoProjectAnswerer } = await import("./demo-answers");
const { corpusFigures, overTheBar } = await import("./fit-figures");
const { hasFinding } = await import("./findings");
const { measureCorpus } = await import("./measure-corpus");
const { fitReply } = await import("./reply-fit");

type BlockEvaluator = import("./block-fit").BlockEvaluator;
type BlockFit = import("./findings").BlockFit;
type QueryAnswerer = import("./block-fit").QueryAnswerer;

const SEED = path.join(process.cwd(), "fixtures", "model-fit-seed", "seed-writer");

/** The evaluator as it was before issue 24: the same tree without `pending` marks, so a figure over an unanswered query reads as known. */
const withoutPendingMarks: BlockEvaluator = (block, state) => {
  const strip = (nodes: readonly UiViewNode[]): UiViewNode[] =>
    nodes.map((node) => {
      const { pending: _pending, ...rest } = node;
      return { ...rest, children: strip(node.children) };
    });
  const evaluation = evaluateUiBlock(block, state);
  return { ...evaluation, nodes: strip(evaluation.nodes) };
};

function stagesOf(block: BlockFit | undefined, kind: "error" | "false-value" | "fallback"): string[] {
  return [...new Set((block?.findings ?? []).filter((finding) => finding.kind === kind).map((finding) => finding.stage))];
}

describe("model-fit measurement of the seed corpus", () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  let answer: QueryAnswerer;
  const corpus = readModelFitCorpus(SEED);
  let blocks: BlockFit[];
  const block = (id: string) => blocks.find((candidate) => candidate.id === id);

  beforeAll(async () => {
    handle = await openTestDatabase("pglite");
    answer = await demoProjectAnswerer();
    blocks = await measureCorpus({ corpus, querySchemas: PROJECT_QUERY_SCHEMAS, answer });
  }, 60_000);
  afterAll(async () => {
    await handle.release();
  });

  it("reads the seed corpus whole", () => {
    expect(corpus.problems).toEqual([]);
    expect(corpus.replies.map((reply) => reply.requestId)).toEqual(["fine-table", "empty-error", "loading-figure", "fallback-part", "genui-cards"]);
    expect(blocks.map((fit) => fit.id)).toEqual([
      "fine-table/ui-0",
      "empty-error/ui-0",
      "loading-figure/ui-0",
      "fallback-part/ui-0",
      "genui-cards/octo-ui-0",
      "genui-cards/render_ui-0",
    ]);
  });

  it("answers real queries with the demo project's rows", async () => {
    const [table] = compileStoredBlocks("fine", corpus.replies[0]?.text ?? "");
    const rows = await answer(table!, "tests");
    expect("rows" in rows && rows.rows.length).toBeGreaterThan(0);
  });

  it("finds nothing in a block that holds up loading, on real rows and on empty answers", () => {
    expect(block("fine-table/ui-0")?.findings).toEqual([]);
  });

  it("counts an error on empty answers that the real rows do not show", () => {
    expect(stagesOf(block("empty-error/ui-0"), "error")).toContain("empty");
    expect(stagesOf(block("empty-error/ui-0"), "error")).not.toContain("real");
    expect(stagesOf(block("empty-error/ui-0"), "error")).not.toContain("compile");
  });

  it("counts a figure drawn from an unanswered query as a false value, unless the evaluator marks it pending", async () => {
    expect(hasFinding(block("loading-figure/ui-0")!, "false-value")).toBe(false);
    const reply = corpus.replies.find((candidate) => candidate.requestId === "loading-figure")!;
    const [unmarked] = await fitReply({ reply, querySchemas: PROJECT_QUERY_SCHEMAS, answer, evaluate: withoutPendingMarks });
    const falseValues = unmarked!.findings.filter((finding) => finding.kind === "false-value");
    expect(falseValues.map((finding) => [finding.stage, finding.code])).toEqual([["loading", "false_value_while_loading"]]);
    expect(falseValues[0]?.message).toContain("Stat.value = 0 before $failed answered");
  });

  it("counts a part drawn as its fallback in every evaluation", () => {
    expect(stagesOf(block("fallback-part/ui-0"), "fallback")).toEqual(["loading", "real", "empty"]);
    expect(stagesOf(block("fallback-part/ui-0"), "error")).toContain("compile");
  });

  it("checks octo-ui fences and render_ui calls, and counts no other tool call as a block", () => {
    expect(block("genui-cards/octo-ui-0")?.findings).toEqual([]);
    const card = block("genui-cards/render_ui-0");
    expect(card?.findings.map((finding) => [finding.kind, finding.code])).toEqual([
      ["error", "render_ui_input"],
      ["fallback", "render_ui_input"],
    ]);
  });

  it("counts a query the host refuses on the real path as an error of that evaluation", async () => {
    const text = '```ui\n$branch = ""\n$tests = @Query("tests", {branch: $branch})\n<Table rows={$tests}/>\n```\n';
    const [fit] = await fitReply({ reply: { requestId: "refused", request: "", text, tools: [] }, querySchemas: PROJECT_QUERY_SCHEMAS, answer });
    const refused = fit!.findings.filter((finding) => finding.code === "query_refused");
    expect(refused.map((finding) => finding.stage)).toEqual(["real"]);
    expect(refused[0]?.message).toContain("bad_request:query");
  });

  it("gives each share over the corpus's blocks and holds them to the 2% bar", () => {
    const figures = corpusFigures(blocks);
    expect(figures.blocks).toBe(6);
    expect(figures.byDialect).toEqual({ ui: 4, "octo-ui": 1, render_ui: 1 });
    expect(figures.flagged).toEqual({ error: 3, "false-value": 0, fallback: 2 });
    expect(figures.shares.error).toBeCloseTo(0.5);
    expect(figures.byStage.empty.error).toBe(2);
    expect(figures.byStage.real.error).toBe(1);
    expect(figures.worst[0]?.id).toBe("fallback-part/ui-0");
    expect(overTheBar(figures)).toBe(true);
    expect(overTheBar(corpusFigures(blocks.filter((fit) => fit.findings.length === 0)))).toBe(false);
  });
});
