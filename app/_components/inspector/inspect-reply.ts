/**
 * A reply's inspection: every diagnostic, drop, trim, clamp and lint
 * finding of its ```ui blocks (compile and, once drawn, evaluation), its
 * octo-ui fences and `render_ui` cards (the dialect's own and the lint's),
 * and what the receipt holds beyond them (what the model boundary replaced
 * or refused, a panel id used twice), grouped by the part they are about in
 * reading order. Each finding has a plain sentence, its code and message,
 * its place (a line of the block, a JSON path) and, when the source is in
 * the reply text, the lines around it with the place marked. What the
 * server's data checks found evaluating a block on the project's rows or on
 * empty answers (receipt entries naming a `check`) is listed under the
 * block, saying which check found it.
 */
import { genuiLint } from "@/lib/genui/lint/genui-lint";
import type { GenuiDiagnostic } from "@/lib/genui/diagnostics/diagnostic";
import type { GenuiSpec } from "@/lib/genui/schema/spec";
import type { DataCheck } from "@/lib/chat/final/reply-repair";
import { isRenderUiCard, type GenuiFenceRecord, type ReceiptEntry, type ToolCard, type UiDialect } from "@/lib/chat/wire";
import type { UiBlock, UiDiagnostic } from "@/lib/ui/envelope/schema";
import { mergeDiagnostics } from "../ui-block/merge-diagnostics";
import { FINDING_KINDS, findingKind, findingSentence, kindPhrase, type FindingKind } from "./finding-words";
import { jsonPathRange } from "./json-path-range";
import { sourceExcerpter, type SourceExcerpt } from "./source-excerpt";

/** Most findings one group lists; the rest are counted (a block that broke this much is broken everywhere). */
export const INSPECTOR_FINDINGS_SHOWN = 50;

/** The code of the receipt's closing entry: the inspector lists every finding itself, so it is not one. */
const RECEIPT_TRUNCATED_CODE = "receipt_truncated";

/** What a reply is inspected from: its stored parts and receipt. */
export type InspectReplyInput = {
  text: string;
  blocks: readonly UiBlock[];
  fences: readonly GenuiFenceRecord[];
  tools: readonly ToolCard[];
  receipt: readonly ReceiptEntry[];
  /** What drawing found in each ```ui block (evaluation), by block id; compile's findings are in the blocks. */
  evaluated?: ReadonlyMap<string, readonly UiDiagnostic[]>;
};

/** One finding, ready to show. */
export type InspectorFinding = {
  kind: FindingKind;
  /** What it means, for anyone. */
  sentence: string;
  code: string;
  message: string;
  /** Where in its part: `line 4`, `items[2].href`, `the whole panel`. */
  place: string;
  /** The lines of the part's source around it, the place marked. */
  excerpt?: SourceExcerpt;
  /** The data check that found it before the reply was final; absent for what compiling or drawing found. */
  check?: DataCheck;
};

/** The findings about one part of the reply. */
export type InspectorGroup = {
  /** Unique in the reply. */
  key: string;
  dialect: UiDialect | undefined;
  /** The part in words: `UI block 1 (panel build)`, `JSON panel 2 “Services”`, `The reply as a whole`. */
  title: string;
  findings: InspectorFinding[];
  /** Findings past `INSPECTOR_FINDINGS_SHOWN`, counted. */
  more: number;
};

/** A reply's inspection. */
export type ReplyInspection = {
  groups: InspectorGroup[];
  /** Every finding, listed or counted. */
  total: number;
  /** Findings by kind. */
  counts: Partial<Record<FindingKind, number>>;
  /** "2 parts could not be shown, 1 thing was shortened" ("" when there are none). */
  summary: string;
};

/** The inspection of a reply (see the file comment). */
export function inspectReply(input: InspectReplyInput): ReplyInspection {
  const placed: { position: number; group: InspectorGroup }[] = [];
  const covered = new Set<string>();
  const cover = (code: string, message: string) => covered.add(`${code}\u0000${message}`);

  input.blocks.forEach((block, index) => {
    const checked = input.receipt.filter((entry) => entry.check !== undefined && entry.dialect === "ui" && entry.blockId === block.id && entry.range !== undefined);
    // What drawing finds again of what a check found (the same rows, the same mistake) is listed once, as the check's.
    const checkedAt = new Set(checked.map((entry) => `${entry.code}\u0000${entry.range?.start}\u0000${entry.range?.end}`));
    const drawn = (input.evaluated?.get(block.id) ?? []).filter((diagnostic) => !checkedAt.has(`${diagnostic.code}\u0000${diagnostic.range.start}\u0000${diagnostic.range.end}`));
    const compiled = mergeDiagnostics(block.diagnostics);
    // Merged after the compiler's, so the ones drawing adds come last.
    const drawnOnly = mergeDiagnostics(compiled, drawn).slice(compiled.length);
    const diagnostics: { diagnostic: Pick<UiDiagnostic, "code" | "message" | "range">; check?: DataCheck }[] = [
      ...compiled.map((diagnostic) => ({ diagnostic })),
      ...checked.map((entry) => ({ diagnostic: { code: entry.code, message: entry.message, range: entry.range ?? { start: 0, end: 0 } }, check: entry.check })),
      ...drawnOnly.map((diagnostic) => ({ diagnostic })),
    ];
    const body = input.text.slice(block.source.start, block.source.end);
    const excerpt = sourceExcerpter(body);
    const findings = diagnostics.map(({ diagnostic, check }) => {
      cover(diagnostic.code, diagnostic.message);
      const shown = excerpt(diagnostic.range);
      const line = shown.lines.find((entry) => entry.mark !== undefined)?.number ?? 1;
      return finding({ code: diagnostic.code, message: diagnostic.message, place: `line ${line}`, excerpt: shown, ...(check !== undefined ? { check } : {}) });
    });
    const panel = block.id.includes(":") ? "" : ` (panel ${block.id})`;
    placed.push({ position: block.range.start, group: group({ key: `ui-${block.id}-${index}`, dialect: "ui", title: `UI block ${index + 1}${panel}`, findings }) });
  });

  input.fences.forEach((fence) => {
    const bodyRange = fenceBody(input.text, fence.range);
    const body = input.text.slice(bodyRange.start, bodyRange.end);
    const excerpt = sourceExcerpter(body);
    const findings = genuiFindings(fence.spec, fence.diagnostics).map((diagnostic) => {
      cover(diagnostic.code, diagnostic.message);
      const range = jsonPathRange(body, diagnostic.path);
      return finding({ code: diagnostic.code, message: diagnostic.message, place: diagnostic.path || "the whole panel", ...(range ? { excerpt: excerpt(range) } : {}) });
    });
    const title = `JSON panel ${fence.index + 1}${specLabel(fence.spec, fence.panelId)}`;
    placed.push({ position: fence.range.start, group: group({ key: `fence-${fence.index}`, dialect: "octo-ui", title, findings }) });
  });

  input.tools.filter(isRenderUiCard).forEach((card, index) => {
    const findings = genuiFindings(card.spec, card.diagnostics).map((diagnostic) => {
      cover(diagnostic.code, diagnostic.message);
      return finding({ code: diagnostic.code, message: diagnostic.message, place: diagnostic.path || "the whole card" });
    });
    placed.push({ position: card.textOffset, group: group({ key: `card-${card.id}-${index}`, dialect: "render_ui", title: `Tool card ${index + 1}${specLabel(card.spec, card.spec?.id)}`, findings }) });
  });

  // The receipt says what the parts cannot: what the model boundary did, and what assembling the reply found.
  const rest = input.receipt.filter((entry) => entry.code !== RECEIPT_TRUNCATED_CODE && !covered.has(`${entry.code}\u0000${entry.message}`));
  const whole = group({
    key: "reply",
    dialect: undefined,
    title: "The reply as a whole",
    findings: rest.map((entry) => finding({ code: entry.code, message: entry.message, place: entry.where })),
  });

  const groups = [...placed.sort((left, right) => left.position - right.position).map((entry) => entry.group), whole].filter((entry) => entry.findings.length > 0);
  const counts: Partial<Record<FindingKind, number>> = {};
  let total = 0;
  for (const entry of groups) {
    for (const item of entry.findings) counts[item.kind] = (counts[item.kind] ?? 0) + 1;
    total += entry.findings.length + entry.more;
  }
  const summary = FINDING_KINDS.filter((kind) => counts[kind] !== undefined)
    .map((kind) => kindPhrase(kind, counts[kind] as number))
    .join(", ");
  return { groups, total, counts, summary };
}

/** A fence's findings: the dialect's, then the lint's. */
function genuiFindings(spec: GenuiSpec | null, diagnostics: readonly GenuiDiagnostic[]): GenuiDiagnostic[] {
  return [...diagnostics, ...(spec ? genuiLint(spec) : [])];
}

function finding(input: { code: string; message: string; place: string; excerpt?: SourceExcerpt; check?: DataCheck }): InspectorFinding {
  return { kind: findingKind(input.code), sentence: findingSentence(input.code), ...input };
}

/** A group with at most `INSPECTOR_FINDINGS_SHOWN` findings listed. */
function group(input: { key: string; dialect: UiDialect | undefined; title: string; findings: InspectorFinding[] }): InspectorGroup {
  return { ...input, findings: input.findings.slice(0, INSPECTOR_FINDINGS_SHOWN), more: Math.max(0, input.findings.length - INSPECTOR_FINDINGS_SHOWN) };
}

/** ` “Services” (panel sales)`: the spec's title and panel id, when it has them. */
function specLabel(spec: GenuiSpec | null, panelId: string | undefined): string {
  const title = spec?.title ? ` \u201c${spec.title.length > 60 ? `${spec.title.slice(0, 59)}…` : spec.title}\u201d` : "";
  return `${title}${panelId ? ` (panel ${panelId})` : ""}`;
}

/** The body of a fence whose whole range is `range`: after its opening line, before its closing line when it has one. */
function fenceBody(text: string, range: { start: number; end: number }): { start: number; end: number } {
  const opening = text.indexOf("\n", range.start);
  const start = opening === -1 || opening >= range.end ? range.end : opening + 1;
  const lastBreak = text.lastIndexOf("\n", range.end - 1);
  const lastLine = lastBreak >= start ? text.slice(lastBreak + 1, range.end) : "";
  const end = lastBreak >= start && /^ {0,3}(`{3,}|~{3,})[ \t]*$/.test(lastLine) ? lastBreak : range.end;
  return { start, end: Math.max(start, end) };
}
