/**
 * Table cells drawn as host-link chips: a `Column` whose `presentation` is
 * `commit`, `file` or `node` names one target per row, read from the row's
 * field. They are listed with the block's other targets (`uiLinkTargets`),
 * so the host resolves them in the same one request per block, never one
 * request per cell; a cell whose value is not a valid target is plain text.
 */
import type { UiNode } from "../envelope/schema";
import type { UiViewNode } from "../evaluate/view-node";
import { UI_LINK_COMPONENTS, UiLinkTargetSchema, type UiLinkTarget } from "./target";

/** The column presentations that draw each cell as a chip, and the target kind each names. */
export const UI_CHIP_PRESENTATIONS = ["commit", "file", "node"] as const;

/** A column presentation that draws chips. */
export type UiChipPresentation = (typeof UI_CHIP_PRESENTATIONS)[number];

/**
 * Rows of one chip column that are listed as targets: the host looks up at
 * most 200 targets per request anyway (lib/project/block-links.ts), and a
 * 10,000-row table must not list 10,000 entries to have most answered as
 * text. Rows past it stay plain text.
 */
export const UI_CHIP_CELL_ROWS = 200;

/** True when `presentation` draws chips. */
export function isUiChipPresentation(presentation: unknown): presentation is UiChipPresentation {
  return typeof presentation === "string" && (UI_CHIP_PRESENTATIONS as readonly string[]).includes(presentation);
}

/** The id a chip cell is resolved by: its column's evaluated id and the row's index in `Table.rows`. */
export function uiCellNodeId(columnId: string, rowIndex: number): string {
  return `${columnId}@${rowIndex}`;
}

/** The target a cell value names under a chip presentation, or undefined when it names none (a number, an invalid sha). */
export function uiCellTarget(presentation: UiChipPresentation, value: unknown): UiLinkTarget | undefined {
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  const candidate =
    presentation === "commit" ? { kind: "commit", sha: text } : presentation === "file" ? { kind: "file", path: text } : { kind: "node", ref: text };
  const parsed = UiLinkTargetSchema.safeParse(candidate);
  return parsed.success ? parsed.data : undefined;
}

/** One chip cell of an evaluated table: its resolution id and target. */
export type UiCellTarget = { nodeId: string; sourceId?: string; target: UiLinkTarget };

/** The chip cells of one evaluated `Table` view node, column by column, each column's first `UI_CHIP_CELL_ROWS` rows. */
export function uiTableCellTargets(table: UiViewNode): UiCellTarget[] {
  const rows = table.props.rows;
  if (table.type !== "Table" || !Array.isArray(rows)) return [];
  const targets: UiCellTarget[] = [];
  for (const column of table.children) {
    const presentation = column.props.presentation;
    const field = column.props.field;
    if (column.type !== "Column" || !isUiChipPresentation(presentation) || typeof field !== "string") continue;
    const count = Math.min(rows.length, UI_CHIP_CELL_ROWS);
    for (let index = 0; index < count; index += 1) {
      const row = rows[index];
      if (typeof row !== "object" || row === null || Array.isArray(row) || !Object.hasOwn(row, field)) continue;
      const target = uiCellTarget(presentation, row[field]);
      if (!target) continue;
      const entry: UiCellTarget = { nodeId: uiCellNodeId(column.id, index), target };
      if (column.sourceId !== undefined) entry.sourceId = uiCellNodeId(column.sourceId, index);
      targets.push(entry);
    }
  }
  return targets;
}

/**
 * True when compiled nodes hold anything the host resolves into a chip: a
 * host-link element, or a `Column` that presents chips (or whose
 * presentation is an expression, which may). Hosts use it to skip the links
 * request for blocks that need none.
 */
export function uiNodesNameLinks(nodes: readonly UiNode[]): boolean {
  const pending = [...nodes];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (Object.hasOwn(UI_LINK_COMPONENTS, node.type)) return true;
    if (node.type === "Column" && (isUiChipPresentation(node.props?.presentation) || Object.hasOwn(node.expressions ?? {}, "presentation"))) return true;
    if (Array.isArray(node.children)) pending.push(...node.children);
  }
  return false;
}
