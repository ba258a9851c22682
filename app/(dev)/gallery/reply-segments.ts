/**
 * A reply as the chat draws it: prose between the UI fences as Markdown, and
 * each fence as its compiled block, in order. The block's `range` is the
 * whole fence in the reply.
 */
import type { UiBlock } from "@/lib/ui/envelope/schema";

/** One part of a reply: prose, or a compiled block. */
export type ReplySegment = { kind: "prose"; text: string } | { kind: "block"; block: UiBlock };

/** Splits `text` around its compiled `blocks` (as `compileUi` returned them for it); blank prose is left out. */
export function replySegments(text: string, blocks: readonly UiBlock[]): ReplySegment[] {
  const segments: ReplySegment[] = [];
  let position = 0;
  const pushProse = (end: number) => {
    const prose = text.slice(position, end);
    if (prose.trim() !== "") segments.push({ kind: "prose", text: prose });
  };
  for (const block of [...blocks].sort((left, right) => left.range.start - right.range.start)) {
    if (block.range.start < position) continue;
    pushProse(block.range.start);
    segments.push({ kind: "block", block });
    position = Math.max(position, block.range.end);
  }
  pushProse(text.length);
  return segments;
}
