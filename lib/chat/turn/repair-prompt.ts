/**
 * What the repair round sends the model: the same system prompt a reply is
 * written under (built from the catalogs, with the chat's own addition), and
 * one user message quoting each broken block with its diagnostics and
 * asking for the corrected blocks only, in the same order (the wire form is
 * lib/models/repair-request.ts; A2UI's VALIDATION_FAILED and json-render's
 * repair prompt are the same idea). The thread is not sent: the blocks and
 * what is wrong with them are all a rewrite needs — for a block that broke
 * only on data, which check found it and what the rows looked like (each
 * query's first row or two, cut), so the rewrite can fit them.
 */
import { formatRepairRequest } from "@/lib/models/repair-request";
import { buildSystemPrompt } from "@/lib/models/system-prompt";
import type { UiQuerySchemas } from "@/lib/ui/compile/options";
import { withSystemAddition, type ChatSettings } from "../core/chat-settings";
import type { BrokenBlock } from "./repair-blocks";

/** What the empty-data check answered every query with, in the request's words. */
export const EMPTY_DATA_LINE = "empty data: every query was answered with no rows ([]), as on a day with nothing to report.";

/** The repair round's system prompt and user message. */
export type RepairPrompt = { system: string; prompt: string };

/** Builds the repair request for the broken blocks of the reply `text`. */
export function buildRepairPrompt(input: { text: string; blocks: readonly BrokenBlock[]; querySchemas?: UiQuerySchemas; settings?: ChatSettings }): RepairPrompt {
  const system = withSystemAddition(buildSystemPrompt(input.querySchemas ? { querySchemas: input.querySchemas } : {}), input.settings ?? {});
  const prompt = formatRepairRequest(
    input.blocks.map((block) => {
      const data = dataLines(block);
      return { dialect: block.dialect, source: input.text.slice(block.range.start, block.range.end), diagnostics: block.errors, ...(data.length > 0 ? { data } : {}) };
    }),
  );
  return { system, prompt };
}

/** The lines saying what a block was checked on: each query's first reading for `real data`, the empty answers for `empty data`. */
function dataLines(block: BrokenBlock): string[] {
  const lines: string[] = [];
  if (block.errors.some((error) => error.check === "real data")) {
    for (const sample of block.samples) {
      lines.push(`real data: $${sample.name} = @Query("${sample.source}", ${sample.arguments}) answered ${sample.rows === 1 ? "1 row" : `${sample.rows} rows`}${sample.rows > 0 ? `; the first: ${sample.first}` : ""}`);
    }
  }
  if (block.errors.some((error) => error.check === "empty data")) lines.push(EMPTY_DATA_LINE);
  return lines;
}
