/**
 * A reply's degradation receipt: everything the person did not see as the
 * model wrote it — the final compile's diagnostics of every ```ui block,
 * what the data checks found evaluating them on the project's rows and on
 * empty answers (each entry naming its check, lib/chat/turn/block-data-check.ts),
 * every trim and drop the JSON dialect made in octo-ui fences and
 * `render_ui` cards, and lint findings about panels that cannot do their job.
 * What the model boundary replaced or refused (`boundary-receipt.ts`) comes
 * first, so a long receipt never cuts it off.
 * Each entry says where in words a person and a model can follow
 * (`ui block 2 (panel build), line 4`, `octo-ui fence 1, items[3].text`).
 * The same entries go into the next real prompt's preamble.
 */
import { genuiLint } from "@/lib/genui/lint/genui-lint";
import type { GenuiDiagnostic } from "@/lib/genui/diagnostics/diagnostic";
import type { GenuiSpec } from "@/lib/genui/schema/spec";
import type { UiBlock, UiDiagnostic } from "@/lib/ui/envelope/schema";
import type { BlockDataCheck } from "../turn/block-data-check";
import type { DataCheck } from "./reply-repair";
import type { GenuiFenceRecord, ReceiptEntry, ToolCard, UiDialect } from "../wire";
import { boundaryReceiptEntries, type BoundaryReport } from "./boundary-receipt";

/**
 * Most entries one receipt keeps: a reply that broke more than this is broken
 * everywhere, and the rest are counted in one closing entry.
 */
export const RECEIPT_MAX_ENTRIES = 100;

/** Longest `message` an entry keeps (the wire's bound). */
const MESSAGE_MAX_LENGTH = 2_000;

/** Longest `where` an entry keeps (the wire's bound). */
const WHERE_MAX_LENGTH = 300;

/** Longest `code` an entry keeps (the wire's bound). */
const CODE_MAX_LENGTH = 64;

/** The code of the closing entry that counts what a full receipt left out. */
export const RECEIPT_TRUNCATED_CODE = "receipt_truncated";

/** What the receipt is built from: the final text and its final parts. */
export type ReceiptInput = {
  text: string;
  /** The reply's id: anonymous ```ui blocks are `<id>:<index>`. */
  messageId: string;
  blocks: readonly UiBlock[];
  fences: readonly GenuiFenceRecord[];
  tools: readonly ToolCard[];
  /** Entries found while assembling the reply (a panel id used twice, …). */
  extra?: readonly ReceiptEntry[];
  /** What the model boundary replaced or refused. */
  boundary?: BoundaryReport;
  /** What the data checks found, per ```ui block in the order of `blocks` (null for a block not checked). */
  dataChecks?: readonly (BlockDataCheck | null)[];
};

/** The degradation receipt of a final reply (see the file comment). */
export function degradationReceipt(input: ReceiptInput): ReceiptEntry[] {
  const entries: ReceiptEntry[] = input.boundary ? boundaryReceiptEntries(input.boundary).map(entry) : [];
  input.blocks.forEach((block, index) => {
    const panel = isPanelBlock(block, input.messageId) ? ` (panel ${block.id})` : "";
    const body = input.text.slice(block.source.start, block.source.end);
    const checked = input.dataChecks?.[index];
    const findings = checked && checked.blockId === block.id ? checked.findings : [];
    const listed: readonly (UiDiagnostic & { check?: DataCheck })[] = [...block.diagnostics, ...findings];
    for (const diagnostic of listed) {
      const line = lineOf(body, diagnostic.range.start);
      const { check } = diagnostic;
      entries.push(
        entry({
          code: diagnostic.code,
          message: diagnostic.message,
          where: `ui block ${index + 1}${panel}, line ${line}${check !== undefined ? `, on ${check}` : ""}`,
          dialect: "ui",
          blockId: block.id,
          range: diagnostic.range,
          ...(check !== undefined ? { check } : {}),
        }),
      );
    }
  });
  input.fences.forEach((fence) => {
    const label = `octo-ui fence ${fence.index + 1}${fence.panelId ? ` (panel ${fence.panelId})` : ""}`;
    entries.push(...genuiEntries({ label, dialect: "octo-ui", spec: fence.spec, diagnostics: fence.diagnostics, panelId: fence.panelId }));
  });
  input.tools.forEach((card, index) => {
    // An artifact chip has no spec: nothing of it is ever trimmed or dropped.
    if (card.name !== "render_ui") return;
    const panelId = card.spec?.id;
    const label = `render_ui call ${index + 1}${panelId ? ` (panel ${panelId})` : ""}`;
    entries.push(...genuiEntries({ label, dialect: "render_ui", spec: card.spec, diagnostics: card.diagnostics, panelId }));
  });
  entries.push(...(input.extra ?? []));
  if (entries.length <= RECEIPT_MAX_ENTRIES) return entries;
  const kept = entries.slice(0, RECEIPT_MAX_ENTRIES - 1);
  const omitted = entries.length - kept.length;
  const dialect = entries[kept.length]?.dialect;
  kept.push({
    code: RECEIPT_TRUNCATED_CODE,
    message: `${omitted} more parts were hidden or trimmed; they are not listed.`,
    where: "the whole reply",
    ...(dialect ? { dialect } : {}),
  });
  return kept;
}

/** True when a ```ui block carries a panel id (`id=`) rather than the reply's `<id>:<index>`. */
export function isPanelBlock(block: UiBlock, messageId: string): boolean {
  return !block.id.startsWith(`${messageId}:`);
}

function genuiEntries(input: {
  label: string;
  dialect: UiDialect;
  spec: GenuiSpec | null;
  diagnostics: readonly GenuiDiagnostic[];
  panelId: string | undefined;
}): ReceiptEntry[] {
  const findings = [...input.diagnostics, ...(input.spec ? genuiLint(input.spec) : [])];
  return findings.map((diagnostic) =>
    entry({
      code: diagnostic.code,
      message: diagnostic.message,
      where: `${input.label}, ${diagnostic.path || "the spec"}`,
      dialect: input.dialect,
      ...(input.panelId ? { blockId: input.panelId } : {}),
      path: diagnostic.path,
    }),
  );
}

/** An entry with every string within the wire's bounds. */
function entry(raw: ReceiptEntry): ReceiptEntry {
  return {
    ...raw,
    code: cut(raw.code, CODE_MAX_LENGTH),
    message: cut(raw.message, MESSAGE_MAX_LENGTH),
    where: cut(raw.where, WHERE_MAX_LENGTH),
    ...(raw.path !== undefined ? { path: cut(raw.path, 500) } : {}),
    ...(raw.blockId !== undefined ? { blockId: cut(raw.blockId, 200) } : {}),
  };
}

function cut(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}

/** The 1-based line of an offset in a block body. */
function lineOf(body: string, offset: number): number {
  let line = 1;
  const end = Math.min(offset, body.length);
  for (let index = body.indexOf("\n"); index !== -1 && index < end; index = body.indexOf("\n", index + 1)) line += 1;
  return line;
}
