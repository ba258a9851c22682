/**
 * A JSON value as the rows of a collapsible tree view: one row per member,
 * with its depth, its key, a short preview and whether it can be opened.
 * Only open containers are walked, so a closed 2,048-node tree is a handful
 * of rows and opening one container costs its own members.
 */

/** One row of the tree view. */
export type JsonRow = {
  /** The member's path from the root (`$`, `$.ui[0].nodes[2]`), unique: the key of its open state. */
  path: string;
  depth: number;
  /** The member's key or index (null for the root). */
  key: string | null;
  /** `object`/`array` rows can be opened. */
  kind: "object" | "array" | "string" | "number" | "boolean" | "null";
  /** The value as shown on the row: a literal, or `{5 keys}` / `[12 items]` for a container. */
  preview: string;
  /** True for an open container. */
  open: boolean;
  /** A container with members. */
  openable: boolean;
};

/** Longest string shown on a row; the raw view shows the whole value. */
export const ROW_STRING_MAX_LENGTH = 200;

/** The rows of `value` with the containers whose paths are in `open` opened. */
export function jsonRows(value: unknown, open: ReadonlySet<string>): JsonRow[] {
  const rows: JsonRow[] = [];
  visit(value, "$", null, 0, open, rows);
  return rows;
}

/** Paths of every container down to `depth` levels below the root (the view's first state). */
export function openToDepth(value: unknown, depth: number): Set<string> {
  const paths = new Set<string>();
  const walk = (current: unknown, path: string, level: number) => {
    if (level > depth || current === null || typeof current !== "object") return;
    paths.add(path);
    for (const [key, child] of entries(current)) walk(child, childPath(path, key, Array.isArray(current)), level + 1);
  };
  walk(value, "$", 0);
  return paths;
}

function visit(value: unknown, path: string, key: string | null, depth: number, open: ReadonlySet<string>, rows: JsonRow[]): void {
  if (value !== null && typeof value === "object") {
    const isArray = Array.isArray(value);
    const members = entries(value);
    const isOpen = open.has(path) && members.length > 0;
    const count = members.length;
    rows.push({
      path,
      depth,
      key,
      kind: isArray ? "array" : "object",
      preview: isArray ? `[${count} ${count === 1 ? "item" : "items"}]` : `{${count} ${count === 1 ? "key" : "keys"}}`,
      open: isOpen,
      openable: count > 0,
    });
    if (!isOpen) return;
    for (const [memberKey, member] of members) visit(member, childPath(path, memberKey, isArray), memberKey, depth + 1, open, rows);
    return;
  }
  rows.push({ path, depth, key, kind: kindOf(value), preview: previewOf(value), open: false, openable: false });
}

function entries(value: object): [string, unknown][] {
  if (Array.isArray(value)) return value.map((member, index) => [String(index), member]);
  return Object.entries(value as Record<string, unknown>);
}

function childPath(path: string, key: string, inArray: boolean): string {
  return inArray ? `${path}[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

function kindOf(value: unknown): JsonRow["kind"] {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") return "string";
  if (typeof value === "number") return "number";
  if (typeof value === "boolean") return "boolean";
  return "null";
}

function previewOf(value: unknown): string {
  if (typeof value === "string") {
    const shown = value.length > ROW_STRING_MAX_LENGTH ? `${value.slice(0, ROW_STRING_MAX_LENGTH - 1)}…` : value;
    return JSON.stringify(shown);
  }
  return value === undefined ? "null" : String(value);
}
