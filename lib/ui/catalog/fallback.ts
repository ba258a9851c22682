/**
 * The Markdown fallback of a compiled block: what a transport that draws no
 * tree (IM, terminal) shows instead, and what stands in for an element that
 * cannot be drawn. It reads static props and, when the tree was evaluated,
 * evaluated ones; a value only an expression knows is shown as a placeholder.
 * All text is escaped (markdown.ts), and the result is bounded in length
 * without ever leaving a code fence open.
 */
import type { UiBlock } from "../envelope/schema";
import { UI_LIMITS } from "../limits";
import {
  escapeBlockStart,
  escapeMarkdownLine,
  escapeMarkdownText,
  markdownCodeFence,
  markdownCodeSpan,
} from "./markdown";
import { uiChartMarks } from "./chart-marks";
import { uiChecklistItems } from "./checklist-items";
import { uiGraph } from "./graph-items";
import { isUiComponent } from "./catalog";
import { UiHrefSchema, uiNumericString } from "./prop-schemas";

/** Longest fallback of one block: one IM message (Telegram allows 4,096 characters) with room for the marker. */
export const UI_FALLBACK_MAX_CHARACTERS = 4_000;

/** Table and chart rows shown in a fallback: enough to read the data, few enough to fit a message. */
export const UI_FALLBACK_TABLE_ROWS = 20;

/** Columns of a table without `Column` children: a terminal line holds about this many. */
const FALLBACK_COLUMNS = 8;

/** Characters of one table cell before it is shortened: keeps a row on one screen line. */
const FALLBACK_CELL_CHARACTERS = 80;

/** Stands for a value only an expression knows (the block was not evaluated). */
export const UI_FALLBACK_PLACEHOLDER = "…";

/** What stands for a display value that evaluated to null (a query still loading): the renderers' dash. */
export const UI_UNKNOWN_VALUE = "—";

/** Appended when the fallback was cut at `maxCharacters`. */
const SHORTENED_MARKER = "… (shortened)";

/** A node as the fallback reads it: a compiled `UiNode` or an evaluated view node (bindings are ignored). */
export type UiFallbackNode = {
  /** Component name, `#text`, `#expression`, or an evaluator's `#fallback`. */
  readonly type: string;
  /** Static or evaluated props. */
  readonly props: { readonly [prop: string]: unknown };
  /** Expression props by name, when the tree was not evaluated. */
  readonly expressions?: { readonly [prop: string]: string };
  /** Child nodes in order. */
  readonly children: readonly UiFallbackNode[];
};

/** Options of `uiBlockFallback`. */
export type UiFallbackOptions = {
  /** Longest result in characters (default `UI_FALLBACK_MAX_CHARACTERS`). */
  maxCharacters?: number;
};

/** One Markdown block: its lines, and a closing line that must follow whatever part of them is kept. */
type MarkdownBlock = {
  lines: string[];
  /** Closes the block (a code fence); kept even when the block is shortened. */
  close?: string;
  /** Lines that must be kept together at the start (a table's header and separator). */
  head?: number;
};

/** Components shown inline, inside a paragraph of their neighbours. */
const INLINE_TYPES: ReadonlySet<string> = new Set(["#text", "#expression", "Tag", "File", "Diff", "Commit", "Node"]);

/** Reads a prop as text, if it has a scalar value. */
function textProp(node: UiFallbackNode, name: string): string | undefined {
  const value = node.props[name];
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "boolean") return String(value);
  return undefined;
}

/** Reads a prop as a number (a static "40" counts), if it has one. */
function numberProp(node: UiFallbackNode, name: string): number | undefined {
  const value = uiNumericString(node.props[name]);
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** Reads a prop as a boolean (a bare flag or "true"/"false"), if it has one. */
function booleanProp(node: UiFallbackNode, name: string): boolean | undefined {
  const value = node.props[name];
  if (typeof value === "boolean") return value;
  if (value === "true") return true;
  if (value === "false") return false;
  return undefined;
}

/** True when the prop is given only as an expression (its value is unknown here). */
function isExpression(node: UiFallbackNode, name: string): boolean {
  return node.props[name] === undefined && node.expressions?.[name] !== undefined;
}

/**
 * A scalar value as one line of plain text; a list's items joined by ", ".
 * A list is read only until the text is longer than `limit`: what follows
 * would be cut anyway, and a list may hold thousands of items.
 */
function valueText(value: unknown, limit: number): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) {
    let text = "";
    for (let index = 0; index < value.length && text.length <= limit; index += 1) {
      if (index > 0) text += ", ";
      text += valueText(value[index], limit - text.length);
    }
    return text;
  }
  return UI_FALLBACK_PLACEHOLDER;
}

/** Shortens a cell's text. */
function cellText(value: unknown): string {
  const text = valueText(value, FALLBACK_CELL_CHARACTERS);
  return text.length > FALLBACK_CELL_CHARACTERS ? `${text.slice(0, FALLBACK_CELL_CHARACTERS - 1)}…` : text;
}

/** The length of a Markdown block as `joinBounded` writes it. */
function blockLength(block: MarkdownBlock): number {
  let length = block.close === undefined ? 0 : block.close.length + 1;
  for (const line of block.lines) length += line.length + 1;
  return length - 1;
}

/**
 * Builds the fallback of a tree, depth-first, never deeper than the compiler
 * allows nesting. Every walk stops at what the result can keep: a table's
 * first rows, a cell's first characters, the top-level nodes that fit in
 * `maxCharacters`.
 */
class FallbackWriter {
  constructor(private readonly maxCharacters: number) {}

  /** Inline Markdown of children that take text: text, interpolations and inline chips. */
  inline(children: readonly UiFallbackNode[], depth: number): string {
    if (depth > UI_LIMITS.nesting) return UI_FALLBACK_PLACEHOLDER;
    let joined = "";
    let previousWasElement = false;
    for (const child of children) {
      const part = this.inlineNode(child, depth + 1);
      if (part === "") continue;
      const isElement = !child.type.startsWith("#");
      // Two chips or tags written side by side still need a space between them.
      if (isElement && previousWasElement) joined += " ";
      joined += part;
      previousWasElement = isElement;
    }
    return joined.replace(/\s+/g, " ").trim();
  }

  /** One node as inline Markdown. */
  private inlineNode(node: UiFallbackNode, depth: number): string {
    switch (node.type) {
      case "#text":
      case "#fallback":
        return escapeMarkdownText(textProp(node, "text") ?? "");
      case "#expression": {
        const value = node.props.value;
        return value === undefined ? UI_FALLBACK_PLACEHOLDER : escapeMarkdownText(valueText(value, this.maxCharacters));
      }
      case "Tag": {
        const text = this.inline(node.children, depth);
        return text ? `**${text}**` : "";
      }
      case "File": {
        const path = textProp(node, "path");
        const line = numberProp(node, "line");
        const target = path === undefined ? UI_FALLBACK_PLACEHOLDER : line === undefined ? path : `${path}:${line}`;
        return this.chip(node, target);
      }
      case "Diff": {
        const path = textProp(node, "path");
        const base = textProp(node, "base");
        const head = textProp(node, "head");
        const range = base || head ? `${base ?? ""}..${head ?? ""}` : "";
        return this.chip(node, ["diff", path, range].filter(Boolean).join(" "));
      }
      case "Commit":
        return this.chip(node, textProp(node, "sha") ?? UI_FALLBACK_PLACEHOLDER);
      case "Node":
        return this.chip(node, textProp(node, "ref") ?? UI_FALLBACK_PLACEHOLDER);
      default: {
        // A block component inside text (or an unknown one): its label, else its children's text.
        const label = textProp(node, "label") ?? textProp(node, "title");
        const inner = this.inline(node.children, depth);
        return [label ? escapeMarkdownText(label) : "", inner].filter(Boolean).join(": ");
      }
    }
  }

  /** A host link as a code span, after its label when it has one. */
  private chip(node: UiFallbackNode, target: string): string {
    const label = textProp(node, "label");
    const span = markdownCodeSpan(target);
    return label ? `${escapeMarkdownText(label)} ${span}` : span;
  }

  /**
   * The Markdown blocks of a list of sibling nodes: runs of inline nodes
   * become one paragraph. With a `budget`, siblings stop being written once
   * the blocks so far are longer than it (`joinBounded` would stop there).
   */
  blocks(children: readonly UiFallbackNode[], depth: number, budget = Infinity): MarkdownBlock[] {
    if (depth > UI_LIMITS.nesting) return [];
    const result: MarkdownBlock[] = [];
    let written = 0;
    const add = (blocks: MarkdownBlock[]) => {
      for (const block of blocks) {
        result.push(block);
        if (budget !== Infinity) written += blockLength(block);
      }
    };
    let run: UiFallbackNode[] = [];
    const flush = () => {
      const text = this.inline(run, depth);
      if (text) add([{ lines: [escapeParagraphStart(text)] }]);
      run = [];
    };
    for (const child of children) {
      if (written > budget) return result;
      if (isInline(child, depth)) {
        run.push(child);
        continue;
      }
      flush();
      add(this.block(child, depth + 1));
    }
    flush();
    return result;
  }

  /** One block-level node as Markdown blocks. */
  private block(node: UiFallbackNode, depth: number): MarkdownBlock[] {
    const title = textProp(node, "title");
    const heading = (text: string | undefined): MarkdownBlock[] => (text ? [{ lines: [`**${escapeMarkdownText(text).trim()}**`] }] : []);
    switch (node.type) {
      case "Summary":
        return this.paragraph(this.inline(node.children, depth));
      case "Callout": {
        const tone = textProp(node, "tone");
        const label = title ?? (tone === "warning" || tone === "danger" ? capitalize(tone) : undefined);
        const text = this.inline(node.children, depth);
        const lines: string[] = [];
        if (label) lines.push(`> **${escapeMarkdownText(label).trim()}**`);
        // A quoted blank line between them, so the title stays on its own line in every renderer.
        if (label && text) lines.push(">");
        if (text) lines.push(`> ${escapeParagraphStart(text)}`);
        return lines.length > 0 ? [{ lines }] : [];
      }
      case "Progress": {
        const label = textProp(node, "label") ?? "Progress";
        const value = numberProp(node, "value");
        const shown =
          node.props.value === null ? UI_UNKNOWN_VALUE : value === undefined ? UI_FALLBACK_PLACEHOLDER : `${Math.round(Math.min(100, Math.max(0, value)))}%`;
        return this.paragraph(`${escapeMarkdownText(label)}: ${shown}`);
      }
      case "Steps": {
        const items: string[] = [];
        for (const step of this.items(node.children, "Step")) {
          const stepTitle = textProp(step, "title") ?? UI_FALLBACK_PLACEHOLDER;
          const status = textProp(step, "status") ?? (isExpression(step, "status") ? UI_FALLBACK_PLACEHOLDER : "pending");
          const detail = this.inline(step.children, depth);
          items.push(`${items.length + 1}. ${escapeMarkdownLine(stepTitle)} (${escapeMarkdownText(status)})${detail ? ` — ${detail}` : ""}`);
        }
        return [...heading(title), ...this.list(items)];
      }
      case "Stats": {
        const items = this.items(node.children, "Stat").map((stat) => `- ${this.statLine(stat)}`);
        return this.list(items);
      }
      case "Stat":
        // On its own only as an evaluator's fallback (its value failed): still a figure, with a placeholder for the value.
        return this.paragraph(this.statLine(node));
      case "EntityList": {
        const items = this.items(node.children, "Entry").map((entry) => {
          const entryTitle = textProp(entry, "title");
          const subtitle = textProp(entry, "subtitle");
          const text = this.inline(entry.children, depth);
          let line = `- **${escapeMarkdownText(entryTitle ?? UI_FALLBACK_PLACEHOLDER).trim()}**`;
          if (subtitle) line += ` — ${escapeMarkdownText(subtitle)}`;
          if (text) line += `: ${text}`;
          return line;
        });
        return [...heading(title), ...this.list(items)];
      }
      case "Table":
        return [...heading(title), ...this.table(node), ...this.paragraph(escapeMarkdownText(textProp(node, "caption") ?? ""))];
      case "Chart":
        return [...heading(title), ...this.chart(node), ...this.chartMarks(node)];
      case "Graph":
        return [...heading(title), ...this.graph(node)];
      case "Tabs":
      case "Sections":
        return this.items(node.children, node.type === "Tabs" ? "Tab" : "Section").flatMap((part) => [
          ...heading(textProp(part, "label") ?? textProp(part, "title")),
          ...this.blocks(part.children, depth + 1),
        ]);
      case "CodeBlock":
      case "Diagram": {
        const lines = markdownCodeFence(textProp(node, "code") ?? "", node.type === "Diagram" ? "mermaid" : textProp(node, "lang"));
        const close = lines.pop();
        return [...heading(title), { lines, ...(close === undefined ? {} : { close }) }];
      }
      case "Image": {
        const description = [textProp(node, "alt"), textProp(node, "caption")].filter(Boolean).join(" — ");
        return this.paragraph(`(image${description ? `: ${escapeMarkdownText(description)}` : ""})`);
      }
      case "Sources": {
        const items = this.items(node.children, "Source").map((source) => {
          const sourceTitle = escapeMarkdownText(textProp(source, "title") ?? UI_FALLBACK_PLACEHOLDER).trim();
          const href = UiHrefSchema.safeParse(source.props.href);
          const note = this.inline(source.children, depth);
          const link = href.success ? `[${sourceTitle}](<${href.data}>)` : escapeParagraphStart(sourceTitle);
          return `- ${link}${note ? ` — ${note}` : ""}`;
        });
        return this.list(items);
      }
      case "Checklist": {
        const value = node.props.value;
        const checked = new Set<unknown>(Array.isArray(value) ? value : []);
        const listed = uiChecklistItems(node.props.items).map(
          (item) => `- [${checked.has(item.id) ? "x" : " "}] ${escapeMarkdownText(item.label).trim()}`,
        );
        const items = this.items(node.children, "Item").map((item) => {
          const checked = booleanProp(item, "checked") === true;
          return `- [${checked ? "x" : " "}] ${escapeMarkdownText(textProp(item, "label") ?? UI_FALLBACK_PLACEHOLDER).trim()}`;
        });
        return [...heading(title), ...this.list([...listed, ...items])];
      }
      case "Switch": {
        const value = booleanProp(node, "value");
        return this.labelled(node, value === undefined ? undefined : value ? "on" : "off");
      }
      case "Slider":
      case "NumberField": {
        const value = numberProp(node, "value");
        const unit = textProp(node, "unit");
        return this.labelled(node, value === undefined ? undefined : unit ? `${value} ${unit}` : String(value));
      }
      case "TextField": {
        const value = textProp(node, "value");
        return this.labelled(node, value ? value : undefined);
      }
      case "Segmented": {
        const options = this.items(node.children, "Option").map((option) => textProp(option, "label") ?? textProp(option, "value") ?? "");
        return this.labelled(node, options.filter(Boolean).join(" / ") || undefined);
      }
      case "Show":
        // Hidden only when it is known to be hidden: a condition that needs evaluating keeps its content.
        return booleanProp(node, "when") === false ? [] : this.blocks(node.children, depth);
      case "Each":
        return this.paragraph(`(list)`);
      case "Choices": {
        const items = this.items(node.children, "Choice").map((choice) => {
          const label = escapeMarkdownText(textProp(choice, "label") ?? UI_FALLBACK_PLACEHOLDER).trim();
          return `- ${escapeParagraphStart(label)}${booleanProp(choice, "disabled") === true ? " (unavailable)" : ""}`;
        });
        return [...heading(title), ...this.list(items)];
      }
      default: {
        // A child outside its parent, an unknown component, an evaluator's placeholder: its label and its children's content.
        const label = textProp(node, "label") ?? textProp(node, "title");
        return [...this.paragraph(label ? escapeMarkdownText(label) : ""), ...this.blocks(node.children, depth)];
      }
    }
  }

  /** The children of the given type, looking through Show (unless known hidden); Each and other types are skipped. */
  private items(children: readonly UiFallbackNode[], type: string, depth = 0): UiFallbackNode[] {
    if (depth > UI_LIMITS.nesting) return [];
    const found: UiFallbackNode[] = [];
    for (const child of children) {
      if (child.type === type) found.push(child);
      else if (child.type === "Show" && booleanProp(child, "when") !== false) found.push(...this.items(child.children, type, depth + 1));
    }
    return found;
  }

  /** `label: value unit (+delta)` of one Stat. */
  private statLine(stat: UiFallbackNode): string {
    const label = escapeMarkdownLine(textProp(stat, "label") ?? UI_FALLBACK_PLACEHOLDER);
    // An evaluated null (a query not read yet) is a known unknown, drawn as the renderer draws it.
    if (stat.props.value === null) return `${label}: ${UI_UNKNOWN_VALUE}`;
    const value = textProp(stat, "value");
    const unit = textProp(stat, "unit");
    const delta = numberProp(stat, "delta");
    const deltaText = delta === undefined ? textProp(stat, "delta") : undefined;
    let line = `${label}: ${value === undefined ? UI_FALLBACK_PLACEHOLDER : escapeMarkdownText(value)}`;
    if (unit) line += ` ${escapeMarkdownText(unit)}`;
    if (delta !== undefined) line += ` (${delta > 0 ? "+" : ""}${delta})`;
    else if (deltaText) line += ` (${escapeMarkdownText(deltaText)})`;
    return line;
  }

  /** The label of an input, with its value when known. */
  private labelled(node: UiFallbackNode, value: string | undefined): MarkdownBlock[] {
    const label = textProp(node, "label");
    const parts = [label ? escapeMarkdownText(label) : "", value ? escapeMarkdownText(value) : ""].filter(Boolean);
    return this.paragraph(parts.join(": "));
  }

  /** A Markdown table of a Table's first rows, or "(table)" when its rows are an unevaluated expression. */
  private table(node: UiFallbackNode): MarkdownBlock[] {
    const allRows = node.props.rows;
    if (!Array.isArray(allRows)) return this.paragraph("(table)");
    const rows = allRows.slice(0, UI_FALLBACK_TABLE_ROWS);
    const columns = this.items(node.children, "Column")
      .map((column) => {
        const field = textProp(column, "field");
        const unit = textProp(column, "unit");
        const header = textProp(column, "title") ?? field ?? "";
        return { field, header: unit ? `${header} (${unit})` : header };
      })
      .filter((column): column is { field: string; header: string } => column.field !== undefined);
    if (columns.length === 0) {
      const first: unknown = rows[0];
      const keys = isRecord(first) ? Object.keys(first).slice(0, FALLBACK_COLUMNS) : [];
      columns.push(...keys.map((key) => ({ field: key, header: key })));
    }
    return this.markdownTable(
      columns.map((column) => column.header),
      rows.map((row: unknown) => columns.map((column) => (isRecord(row) && Object.hasOwn(row, column.field) ? row[column.field] : null))),
      allRows.length,
      "(table)",
    );
  }

  /** A chart's first rows as a table of label and series, or "(chart)" when its rows are unknown. */
  private chart(node: UiFallbackNode): MarkdownBlock[] {
    const allRows = node.props.rows;
    if (!Array.isArray(allRows)) return this.paragraph("(chart)");
    const rows = allRows.slice(0, UI_FALLBACK_TABLE_ROWS);
    const declared = node.props.series;
    const shown = FALLBACK_COLUMNS - 1;
    const series: string[] = [];
    if (Array.isArray(declared)) {
      for (let index = 0; index < declared.length && series.length < shown; index += 1) {
        const name: unknown = declared[index];
        if (typeof name === "string") series.push(name);
      }
    } else if (typeof declared === "string") {
      series.push(...declared.split(",").map((name) => name.trim()).filter(Boolean).slice(0, shown));
    } else {
      // The series a reader sees are the numeric fields of the rows shown, in the order they first appear.
      const numeric = new Set<string>();
      for (const row of rows) {
        if (!isRecord(row)) continue;
        for (const [field, value] of Object.entries(row)) if (field !== "label" && typeof value === "number") numeric.add(field);
        if (numeric.size >= shown) break;
      }
      series.push(...[...numeric].slice(0, shown));
    }
    return this.markdownTable(
      ["label", ...series],
      rows.map((row: unknown) => ["label", ...series].map((field) => (isRecord(row) && Object.hasOwn(row, field) ? row[field] : null))),
      allRows.length,
      "(chart)",
    );
  }

  /** A chart's marks in a line ("Marked: v2.1 at Tue; SLO at 500"), or nothing. */
  private chartMarks(node: UiFallbackNode): MarkdownBlock[] {
    const marks = uiChartMarks(node.props.marks).map((mark) => {
      const at = "y" in mark ? String(mark.y) : String(mark.x);
      return mark.label ? `${mark.label} at ${at}` : at;
    });
    return marks.length > 0 ? this.paragraph(escapeMarkdownText(`Marked: ${marks.join("; ")}`)) : [];
  }

  /** A graph as a list of its edges ("A → B (label)"), then its nodes without one; "(graph)" when its rows are unknown. */
  private graph(node: UiFallbackNode): MarkdownBlock[] {
    if (!Array.isArray(node.props.nodes)) return this.paragraph("(graph)");
    const { nodes, edges } = uiGraph(node.props.nodes, node.props.edges);
    const labels = new Map(nodes.map((graphNode) => [graphNode.id, graphNode.label]));
    const linked = new Set(edges.flatMap((edge) => [edge.from, edge.to]));
    const name = (id: string) => escapeMarkdownText(labels.get(id) ?? id).trim();
    const lines = [
      ...edges.map((edge) => `- ${name(edge.from)} → ${name(edge.to)}${edge.label ? ` (${escapeMarkdownText(edge.label).trim()})` : ""}`),
      ...nodes.filter((graphNode) => !linked.has(graphNode.id)).map((graphNode) => `- ${name(graphNode.id)}`),
    ];
    if (lines.length === 0) return this.paragraph("(no nodes)");
    const kept = lines.slice(0, UI_FALLBACK_TABLE_ROWS);
    const more = lines.length - kept.length;
    return [{ lines: kept }, ...(more > 0 ? [{ lines: [`… and ${more} more`] }] : [])];
  }

  /** A GFM table of the rows kept (at most `UI_FALLBACK_TABLE_ROWS`) out of `total`; `empty` when there are no columns. */
  private markdownTable(headers: string[], rows: unknown[][], total: number, empty: string): MarkdownBlock[] {
    if (headers.length === 0) return this.paragraph(empty);
    const cell = (value: unknown) => escapeMarkdownText(cellText(value)).trim();
    const lines = [`| ${headers.map(cell).join(" | ")} |`, `|${headers.map(() => " --- ").join("|")}|`];
    for (const row of rows.slice(0, UI_FALLBACK_TABLE_ROWS)) lines.push(`| ${row.map(cell).join(" | ")} |`);
    const blocks: MarkdownBlock[] = [{ lines, head: 2 }];
    if (total > UI_FALLBACK_TABLE_ROWS) blocks.push({ lines: [`… and ${total - UI_FALLBACK_TABLE_ROWS} more rows`] });
    if (total === 0) blocks.push({ lines: ["(no rows)"] });
    return blocks;
  }

  /** A paragraph of already escaped text, or nothing. */
  private paragraph(text: string): MarkdownBlock[] {
    const trimmed = text.trim();
    return trimmed ? [{ lines: [escapeParagraphStart(trimmed)] }] : [];
  }

  /** A list of items, or nothing. */
  private list(items: string[]): MarkdownBlock[] {
    return items.length > 0 ? [{ lines: items }] : [];
  }
}

/** True when a node reads as part of a sentence: text, chips, tags, and unknown elements holding only such nodes. */
function isInline(node: UiFallbackNode, depth: number): boolean {
  if (INLINE_TYPES.has(node.type) || node.type === "#fallback") return true;
  if (isUiComponent(node.type) || depth > UI_LIMITS.nesting) return false;
  return node.children.every((child) => isInline(child, depth + 1));
}

/** True for a plain JSON object. */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** "warning" → "Warning". */
function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * Already escaped text that starts a paragraph or list item: a leading `#`,
 * `-`, `+`, `=` or `1.` would open a heading or list. Only the very start
 * needs this, since the text was collapsed onto one line.
 */
function escapeParagraphStart(text: string): string {
  return escapeBlockStart(text);
}

/** Joins blocks with blank lines, stopping (and marking it) before `maxCharacters`; a code fence cut short is still closed. */
function joinBounded(blocks: MarkdownBlock[], maxCharacters: number): string {
  const budget = Math.max(0, maxCharacters - SHORTENED_MARKER.length - 2);
  const output: string[] = [];
  let length = 0;
  for (const block of blocks) {
    const separator = output.length > 0 ? 2 : 0;
    const whole = block.lines.join("\n") + (block.close === undefined ? "" : `\n${block.close}`);
    if (length + separator + whole.length <= budget) {
      output.push(whole);
      length += separator + whole.length;
      continue;
    }
    // Keep as many lines as fit, then close the block.
    const closeLength = block.close === undefined ? 0 : block.close.length + 1;
    const kept: string[] = [];
    let keptLength = 0;
    for (const line of block.lines) {
      const added = (kept.length > 0 ? 1 : 0) + line.length;
      if (length + separator + keptLength + added + closeLength > budget) break;
      kept.push(line);
      keptLength += added;
    }
    if (kept.length > (block.head ?? 0) && !(block.close !== undefined && kept.length === 0))
      output.push(kept.join("\n") + (block.close === undefined ? "" : `\n${block.close}`));
    output.push(SHORTENED_MARKER);
    return output.join("\n\n");
  }
  return output.join("\n\n");
}

/** The Markdown fallback of a block's nodes: readable, escaped, bounded by `UI_FALLBACK_MAX_CHARACTERS`. */
export function uiBlockFallback(nodes: readonly UiFallbackNode[], options: UiFallbackOptions = {}): string {
  const maxCharacters = options.maxCharacters ?? UI_FALLBACK_MAX_CHARACTERS;
  const blocks = new FallbackWriter(maxCharacters).blocks(nodes, 0, maxCharacters);
  return joinBounded(blocks, maxCharacters);
}

/** The reply text with each UI fence (by its block's `range`) replaced by that block's `fallback`; the prose around it is kept. */
export function uiFallbackText(text: string, blocks: readonly Pick<UiBlock, "range" | "fallback">[]): string {
  const ordered = [...blocks]
    .filter((block) => block.range.start >= 0 && block.range.start <= block.range.end && block.range.end <= text.length)
    .sort((first, second) => first.range.start - second.range.start);
  let output = "";
  let position = 0;
  for (const block of ordered) {
    // Ranges never overlap in a compiled reply; one that does is ignored rather than duplicating text.
    if (block.range.start < position) continue;
    output += text.slice(position, block.range.start) + block.fallback;
    position = block.range.end;
  }
  return output + text.slice(position);
}
