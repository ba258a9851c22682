/**
 * The recompile check of one stored tree: today's compile of its text,
 * compared node by node with what is stored.
 */
import type { TreeDiff } from "@/lib/tree-diff";
import { PROJECT_QUERY_SCHEMAS } from "@/lib/project/query-sources";
import { recompileReply, type RecompileOptions } from "./recompile-reply";
import { diffReplyParts } from "./reply-diff";
import type { ReplyParts } from "./stored-reply";

/** What the check found for one stored tree. */
export type RecompileCheck = { diff: TreeDiff; recompiled: ReplyParts };

/** Recompiles one stored reply and compares it with what is stored (query sources default to the chat core's). */
export function recompileCheck(input: { messageId: string; text: string; stored: ReplyParts }, options: RecompileOptions = {}): RecompileCheck {
  const recompiled = recompileReply(input, { querySchemas: PROJECT_QUERY_SCHEMAS, ...options });
  return { diff: diffReplyParts(input.stored, recompiled), recompiled };
}
