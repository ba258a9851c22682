/**
 * What the repair round sends the model: the same system prompt a reply is
 * written under (built from the catalogs, with the chat's own addition), and
 * one user message quoting each broken block with its diagnostics and
 * asking for the corrected blocks only, in the same order (the wire form is
 * lib/models/repair-request.ts; A2UI's VALIDATION_FAILED and json-render's
 * repair prompt are the same idea). The thread is not sent: the blocks and
 * what is wrong with them are all a rewrite needs.
 */
import { formatRepairRequest } from "@/lib/models/repair-request";
import { buildSystemPrompt } from "@/lib/models/system-prompt";
import type { UiQuerySchemas } from "@/lib/ui/compile/options";
import { withSystemAddition, type ChatSettings } from "../core/chat-settings";
import type { BrokenBlock } from "./repair-blocks";

/** The repair round's system prompt and user message. */
export type RepairPrompt = { system: string; prompt: string };

/** Builds the repair request for the broken blocks of the reply `text`. */
export function buildRepairPrompt(input: { text: string; blocks: readonly BrokenBlock[]; querySchemas?: UiQuerySchemas; settings?: ChatSettings }): RepairPrompt {
  const system = withSystemAddition(buildSystemPrompt(input.querySchemas ? { querySchemas: input.querySchemas } : {}), input.settings ?? {});
  const prompt = formatRepairRequest(
    input.blocks.map((block) => ({ dialect: block.dialect, source: input.text.slice(block.range.start, block.range.end), diagnostics: block.errors })),
  );
  return { system, prompt };
}
