/**
 * Every block of one model-written reply, checked through the app's own
 * paths: the text compiled as the chat compiles a final reply (`compileUi`,
 * final, with the project's query sources), its ```ui blocks evaluated three
 * ways (`fitUiBlock`), its octo-ui fences read as the final reply reads them
 * (`genuiFenceRecords`), and its `render_ui` calls run through the tool's
 * own input schema and clamp (`executeRenderUi`). GenUI has no queries: it
 * is checked once, at compile.
 */
import { genuiFenceRecords } from "@/lib/chat/final/final-reply";
import type { GenuiDiagnostic } from "@/lib/genui/diagnostics/diagnostic";
import { RenderUiInputSchema } from "@/lib/genui/tool/render-ui-input";
import type { UiQuerySchemas } from "@/lib/ui/compile/options";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import { RENDER_UI_TOOL_NAME, executeRenderUi } from "../render-ui-tool";
import { fitUiBlock, type BlockEvaluator, type QueryAnswerer } from "./block-fit";
import type { ModelFitReply } from "./corpus";
import { modelFitMessage, type BlockFit, type ModelFitFinding } from "./findings";

/**
 * The compile clock: still, as the project's stored-block fixtures use. The
 * bench measures what models write, not how busy the machine is, so the
 * compile's time budget must not trip on a loaded run.
 */
const STILL_CLOCK = () => 0;

/** Options of `fitReply`. */
export type FitReplyInput = {
  reply: ModelFitReply;
  /** The host's query sources (`PROJECT_QUERY_SCHEMAS` in the bench). */
  querySchemas: UiQuerySchemas;
  answer: QueryAnswerer;
  evaluate?: BlockEvaluator;
};

function genuiErrors(diagnostics: readonly GenuiDiagnostic[]): ModelFitFinding[] {
  return diagnostics.map((diagnostic) => ({
    kind: "error" as const,
    stage: "compile" as const,
    code: diagnostic.code,
    message: diagnostic.path ? `${diagnostic.path}: ${diagnostic.message}` : diagnostic.message,
  }));
}

/** Checks every block of one reply (see the file comment), in the order of the dialects, each in text order. */
export async function fitReply(input: FitReplyInput): Promise<BlockFit[]> {
  const { reply } = input;
  const fits: BlockFit[] = [];
  const blocks = compileUi(reply.text, { id: reply.requestId, final: true, querySchemas: input.querySchemas, now: STILL_CLOCK });
  for (const [index, block] of blocks.entries()) {
    fits.push(await fitUiBlock({ id: `${reply.requestId}/ui-${index}`, block, answer: input.answer, ...(input.evaluate ? { evaluate: input.evaluate } : {}) }));
  }
  for (const [index, fence] of genuiFenceRecords(reply.text).entries()) {
    const findings = genuiErrors(fence.diagnostics);
    if (fence.spec === null || fence.spec.items.length === 0) findings.push({ kind: "fallback", stage: "compile", code: "empty_panel", message: modelFitMessage("empty_panel") });
    fits.push({ id: `${reply.requestId}/octo-ui-${index}`, dialect: "octo-ui", findings });
  }
  const calls = reply.tools.filter((call) => call.toolName === RENDER_UI_TOOL_NAME);
  for (const [index, call] of calls.entries()) {
    const findings: ModelFitFinding[] = [];
    const parsed = RenderUiInputSchema.safeParse(call.input);
    if (!parsed.success) {
      findings.push({ kind: "error", stage: "compile", code: "render_ui_input", message: modelFitMessage("render_ui_input", parsed.error.issues[0]?.message) });
      findings.push({ kind: "fallback", stage: "compile", code: "render_ui_input", message: modelFitMessage("render_ui_input") });
    } else {
      const result = executeRenderUi(parsed.data);
      findings.push(...genuiErrors(result.diagnostics));
      if (!result.ok) {
        findings.push({ kind: "error", stage: "compile", code: "render_ui_nothing", message: modelFitMessage("render_ui_nothing") });
        findings.push({ kind: "fallback", stage: "compile", code: "render_ui_nothing", message: modelFitMessage("render_ui_nothing") });
      }
    }
    fits.push({ id: `${reply.requestId}/render_ui-${index}`, dialect: "render_ui", findings });
  }
  return fits;
}
