/**
 * The repair request's wire form: the user message of the repair round
 * (lib/chat/turn/repair-prompt.ts) that hands a model the blocks of its
 * reply the app could not compile, each with its diagnostics, and asks for
 * the corrected blocks only, in the same order. Kept here, beside the
 * models, because the replay provider reads it back (it answers a repair
 * request from the recording whose reply holds those blocks).
 */

/** The first line of every repair request: how a provider (and a reader of the logs) tells it from a person's prompt. */
export const REPAIR_REQUEST_HEADER = "[octo-repair]";

/** One block the model is asked to rewrite. */
export type RepairRequestBlock = {
  dialect: "ui" | "octo-ui";
  /** The whole fence as the model wrote it, opening and closing lines included. */
  source: string;
  /** What the app found wrong with it, one line each (code and message; for what evaluating it on data found, which check). */
  diagnostics: readonly { code: string; message: string; check?: string }[];
  /** What the data it was checked on looked like, one line each (none for a block only the compiler faulted). */
  data?: readonly string[];
};

/** The request's text for `blocks` (see the file comment). */
export function formatRepairRequest(blocks: readonly RepairRequestBlock[]): string {
  const count = blocks.length === 1 ? "1 block" : `${blocks.length} blocks`;
  const evaluated = blocks.some((block) => block.diagnostics.some((diagnostic) => diagnostic.check !== undefined));
  const what = evaluated ? "could not compile, or could not show on the project's data," : "could not compile";
  const parts = [
    REPAIR_REQUEST_HEADER,
    `The app ${what} ${count} of your last reply. Rewrite only ${blocks.length === 1 ? "this block" : "these blocks"}, fixing what is listed under each.`,
    `Answer with the corrected ${blocks.length === 1 ? "block" : "blocks, in the same order,"} as complete fences in the same dialect, keeping each block's id and what it shows; write nothing else: no prose, no other blocks.`,
  ];
  blocks.forEach((block, index) => {
    const diagnostics = block.diagnostics.map((diagnostic) => `- ${diagnostic.code}${diagnostic.check !== undefined ? ` (${diagnostic.check})` : ""}: ${diagnostic.message}`).join("\n");
    const data = block.data !== undefined && block.data.length > 0 ? `\n<data index="${index + 1}">\n${block.data.join("\n")}\n</data>` : "";
    parts.push(`<block index="${index + 1}" dialect="${block.dialect}">\n${block.source}\n</block>\n<diagnostics index="${index + 1}">\n${diagnostics}\n</diagnostics>${data}`);
  });
  return parts.join("\n\n");
}

/** True for a repair request's text. */
export function isRepairRequest(text: string): boolean {
  return text.startsWith(REPAIR_REQUEST_HEADER);
}

/** The block sources a repair request quotes, in order; empty for any other text. */
export function repairRequestSources(text: string): string[] {
  if (!isRepairRequest(text)) return [];
  return [...text.matchAll(/<block index="\d+" dialect="(?:ui|octo-ui)">\n([\s\S]*?)\n<\/block>/g)].map((match) => match[1] ?? "");
}
