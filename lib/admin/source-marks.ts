/**
 * Where a stored reply's parts and diagnostics stand in its text, for the
 * tree page's highlighted source: a mark per ```ui block, octo-ui fence and
 * `render_ui` card, one per diagnostic (a ```ui diagnostic at its range in
 * the block body; a GenUI one, which has a JSON path and no range, over its
 * fence), and the text cut into segments each covered by the same marks.
 */
import { isRenderUiCard, type GenuiFenceRecord, type ToolCard } from "@/lib/chat/wire";
import type { UiBlock } from "@/lib/ui/envelope/schema";

/** One highlighted range of the source. */
export type SourceMark = {
  /** Unique on the page (`block-0`, `diagnostic-3`). */
  id: string;
  kind: "block" | "diagnostic";
  /** What it is, in words (`ui block 2 (panel build)`, `refused_prop in ui block 1`). */
  label: string;
  start: number;
  end: number;
  /** A diagnostic's code, wording and place inside its part. */
  code?: string;
  message?: string;
  where?: string;
};

/** A run of the source covered by the same marks. */
export type SourceSegment = { start: number; end: number; marks: string[] };

/** The marks of a reply and its text cut by them. */
export type SourceMarks = { marks: SourceMark[]; segments: SourceSegment[] };

/** The marks and segments of a stored reply's text (see the file comment). */
export function sourceMarks(input: { text: string; ui: readonly UiBlock[]; fences: readonly GenuiFenceRecord[]; tools: readonly ToolCard[] }): SourceMarks {
  const length = input.text.length;
  const clamp = (value: number) => Math.min(Math.max(0, value), length);
  /** A range that shows: an empty one covers the character at its start (or the last one, at the very end). */
  const visible = (start: number, end: number): [number, number] => {
    const from = clamp(start);
    const to = clamp(end);
    if (to > from) return [from, to];
    return from < length ? [from, from + 1] : [Math.max(0, length - 1), length];
  };
  const marks: SourceMark[] = [];
  let diagnostics = 0;
  input.ui.forEach((block, index) => {
    const label = `ui block ${index + 1}${block.id.includes(":") ? "" : ` (panel ${block.id})`}`;
    const [start, end] = visible(block.range.start, block.range.end);
    marks.push({ id: `block-ui-${index}`, kind: "block", label, start, end });
    for (const diagnostic of block.diagnostics) {
      const [from, to] = visible(block.source.start + diagnostic.range.start, block.source.start + diagnostic.range.end);
      const line = lineOf(input.text, from) - lineOf(input.text, block.source.start) + 1;
      marks.push({
        id: `diagnostic-${diagnostics++}`,
        kind: "diagnostic",
        label: `${diagnostic.code} in ${label}`,
        start: from,
        end: to,
        code: diagnostic.code,
        message: diagnostic.message,
        where: `${label}, line ${line}`,
      });
    }
  });
  input.fences.forEach((fence) => {
    const label = `octo-ui fence ${fence.index + 1}${fence.panelId ? ` (panel ${fence.panelId})` : ""}`;
    const [start, end] = visible(fence.range.start, fence.range.end);
    marks.push({ id: `block-fence-${fence.index}`, kind: "block", label, start, end });
    for (const diagnostic of fence.diagnostics) {
      marks.push({ id: `diagnostic-${diagnostics++}`, kind: "diagnostic", label: `${diagnostic.code} in ${label}`, start, end, code: diagnostic.code, message: diagnostic.message, where: `${label}, ${diagnostic.path || "the spec"}` });
    }
  });
  input.tools.filter(isRenderUiCard).forEach((card, index) => {
    const label = `render_ui call ${index + 1}`;
    const [start, end] = visible(card.textOffset, card.textOffset);
    marks.push({ id: `block-tool-${index}`, kind: "block", label, start, end });
    for (const diagnostic of card.diagnostics) {
      marks.push({ id: `diagnostic-${diagnostics++}`, kind: "diagnostic", label: `${diagnostic.code} in ${label}`, start, end, code: diagnostic.code, message: diagnostic.message, where: `${label}, ${diagnostic.path || "the spec"}` });
    }
  });
  return { marks, segments: segmentsOf(length, marks) };
}

function segmentsOf(length: number, marks: readonly SourceMark[]): SourceSegment[] {
  const cuts = new Set<number>([0, length]);
  for (const mark of marks) {
    cuts.add(mark.start);
    cuts.add(mark.end);
  }
  const points = [...cuts].filter((point) => point >= 0 && point <= length).sort((left, right) => left - right);
  const byStart = [...marks].sort((left, right) => left.start - right.start);
  const segments: SourceSegment[] = [];
  for (let index = 0; index + 1 < points.length; index += 1) {
    const start = points[index]!;
    const end = points[index + 1]!;
    if (end <= start) continue;
    const covering: string[] = [];
    for (const mark of byStart) {
      if (mark.start > start) break;
      if (mark.end >= end) covering.push(mark.id);
    }
    const previous = segments.at(-1);
    if (previous && previous.marks.join() === covering.join()) previous.end = end;
    else segments.push({ start, end, marks: covering });
  }
  return segments;
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let index = text.indexOf("\n"); index !== -1 && index < offset; index = text.indexOf("\n", index + 1)) line += 1;
  return line;
}
