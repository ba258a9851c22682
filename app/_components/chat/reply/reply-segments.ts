/**
 * Where each part of a reply stands: prose between the fences, ```ui blocks
 * by their range, octo-ui fences by theirs, `render_ui` cards at the text
 * offset where the call was made. One function for stored replies and live
 * ones, so a reply looks the same while it streams as after it is stored —
 * except that a live reply's text may run ahead of its newest preview: what
 * lies past the preview still shows as prose, but the rest of a ```ui fence
 * the preview has only begun (or one it has not seen yet) is held back until
 * the next preview instead of flashing as source.
 */
import type { GenuiDiagnostic, GenuiSpec } from "@/lib/genui";
import type { ToolCard } from "@/lib/chat/wire";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import { UI_FENCE_LANGUAGE } from "@/lib/ui/catalog/catalog";

/** An octo-ui fence as the chat draws it (stored, or found in live text). */
export type GenuiFencePart = {
  index: number;
  range: { start: number; end: number };
  spec: GenuiSpec | null;
  diagnostics: GenuiDiagnostic[];
  /** False while the fence is still arriving. */
  closed: boolean;
};

/** One part of a reply, in reading order. */
export type ReplySegment =
  | { kind: "text"; key: string; text: string; /** Where the prose starts in the reply's text. */ start: number }
  | { kind: "ui"; key: string; block: UiBlock }
  | { kind: "genui"; key: string; fence: GenuiFencePart }
  | { kind: "tool"; key: string; card: ToolCard };

/** What `replySegments` splits. */
export type ReplySegmentsInput = {
  text: string;
  /** The ```ui blocks: a stored reply's final ones, or a live reply's newest preview. */
  blocks: readonly UiBlock[];
  /** The text length the blocks were compiled from (a stored reply: all of it). */
  blocksTextLength: number;
  genuiFences: readonly GenuiFencePart[];
  tools: readonly ToolCard[];
  /** True for a live reply: text past the preview inside a ```ui fence is held back. */
  streaming: boolean;
};

type Region = { start: number; end: number; segment: ReplySegment };

/** A line that closes a fence opened with `marker` (CommonMark: same character, at least as long). */
function closingLineEnd(text: string, from: number, marker: string): number | null {
  let lineStart = from;
  while (lineStart < text.length) {
    const newline = text.indexOf("\n", lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd).replace(/\r$/, "");
    const match = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
    // A last line without its line break may still grow (```` ``` ```` then `ts`): not a close yet.
    if (match?.[1] && match[1][0] === marker[0] && match[1].length >= marker.length && newline !== -1) return lineEnd;
    if (newline === -1) return null;
    lineStart = newline + 1;
  }
  return null;
}

/** The fence marker (```` ``` ```` or `~~~`…) on the first line of `fenceText`. */
function markerOf(fenceText: string): string {
  return /^ {0,3}(`{3,}|~{3,})/.exec(fenceText)?.[1] ?? "```";
}

/** True when the block's own text ends with a closing fence line. */
function endsWithClosingLine(text: string, block: UiBlock): boolean {
  const fenceText = text.slice(block.range.start, block.range.end).replace(/\s+$/, "");
  const lastLine = fenceText.slice(fenceText.lastIndexOf("\n") + 1);
  const marker = markerOf(fenceText);
  const match = /^ {0,3}(`{3,}|~{3,})$/.exec(lastLine);
  return fenceText.includes("\n") && match?.[1] !== undefined && match[1][0] === marker[0] && match[1].length >= marker.length;
}

/** Where the region of a live block ends: a fence the preview saw still open extends to its closing line, or the end. */
function liveBlockEnd(text: string, block: UiBlock, blocksTextLength: number): number {
  if (block.range.end < blocksTextLength || endsWithClosingLine(text, block)) return block.range.end;
  const marker = markerOf(text.slice(block.range.start, block.range.end));
  return closingLineEnd(text, Math.max(block.range.end, block.range.start + 1), marker) ?? text.length;
}

const UI_FENCE_OPENING = new RegExp(`^ {0,3}(\`{3,}|~{3,})[ \\t]*${UI_FENCE_LANGUAGE}(?:[ \\t].*)?$`, "m");

/** Where a ```ui fence opens in text the newest preview has not seen; `null` when none does. */
function unseenFenceStart(text: string, from: number): number | null {
  const lineStart = from === 0 ? 0 : text.lastIndexOf("\n", from - 1) + 1;
  const match = UI_FENCE_OPENING.exec(text.slice(lineStart));
  return match === null ? null : lineStart + match.index;
}

function overlaps(region: Region, taken: readonly Region[]): boolean {
  return taken.some((other) => region.start < other.end && other.start < region.end);
}

/** The parts of a reply in reading order; see the module comment. */
export function replySegments(input: ReplySegmentsInput): ReplySegment[] {
  const { text, streaming } = input;
  let visibleEnd = text.length;
  const regions: Region[] = [];
  for (const block of input.blocks) {
    const start = Math.min(block.range.start, text.length);
    const end = streaming ? liveBlockEnd(text, block, input.blocksTextLength) : Math.min(block.range.end, text.length);
    regions.push({ start, end, segment: { kind: "ui", key: `ui-${block.id}`, block } });
  }
  for (const fence of input.genuiFences) {
    const region: Region = {
      start: Math.min(fence.range.start, text.length),
      end: Math.min(fence.range.end, text.length),
      segment: { kind: "genui", key: `genui-${fence.index}`, fence },
    };
    if (!overlaps(region, regions)) regions.push(region);
  }
  if (streaming) {
    const lastCovered = Math.max(input.blocksTextLength, ...regions.map((region) => region.end));
    const unseen = unseenFenceStart(text, Math.min(lastCovered, text.length));
    if (unseen !== null && !regions.some((region) => region.start <= unseen && unseen < region.end)) visibleEnd = unseen;
  }
  regions.sort((left, right) => left.start - right.start);

  const segments: ReplySegment[] = [];
  const tools = [...input.tools]
    .map((card, order) => ({ card, order, at: Math.min(card.textOffset, visibleEnd) }))
    .map((tool) => {
      // A card whose call fell inside a fence is drawn after that fence.
      const inside = regions.find((region) => region.start < tool.at && tool.at < region.end);
      return inside ? { ...tool, at: inside.end } : tool;
    })
    .sort((left, right) => left.at - right.at || left.order - right.order);
  let toolIndex = 0;
  const pushText = (from: number, to: number) => {
    let cursor = from;
    while (toolIndex < tools.length && (tools[toolIndex]?.at ?? Infinity) <= to) {
      const tool = tools[toolIndex] as (typeof tools)[number];
      const at = Math.max(tool.at, cursor);
      pushProse(cursor, at);
      segments.push({ kind: "tool", key: `tool-${tool.card.id}`, card: tool.card });
      cursor = at;
      toolIndex += 1;
    }
    pushProse(cursor, to);
  };
  const pushProse = (from: number, to: number) => {
    const prose = text.slice(from, to);
    if (prose.trim() !== "") segments.push({ kind: "text", key: `text-${from}`, text: prose, start: from });
  };

  let cursor = 0;
  for (const region of regions) {
    if (region.start >= visibleEnd) break;
    pushText(cursor, region.start);
    segments.push(region.segment);
    cursor = Math.max(cursor, region.end);
  }
  pushText(cursor, Math.max(cursor, visibleEnd));
  for (; toolIndex < tools.length; toolIndex += 1) {
    const tool = tools[toolIndex] as (typeof tools)[number];
    segments.push({ kind: "tool", key: `tool-${tool.card.id}`, card: tool.card });
  }
  return segments;
}
