/**
 * CSV and JSON artifacts as a table, for the panel's data view: CSV by RFC
 * 4180 (quoted fields, doubled quotes, line breaks inside quotes; the first
 * record is the header), JSON when it is an array of objects (columns in
 * order of first appearance) or of arrays. Anything else is not a table,
 * and the panel shows the text instead. Cells are kept as text or the JSON
 * value they are; nothing is evaluated.
 */

/** One column: the row field it reads, and its header. */
export type TableColumn = { field: string; title: string };

/** A table, or why the data is not one. */
export type TableData =
  | { ok: true; columns: TableColumn[]; rows: Record<string, unknown>[]; cutColumns: number }
  | { ok: false; reason: string };

/** Columns drawn: a wider table is not readable in a side panel. */
export const TABLE_MAX_COLUMNS = 40;

/** Records read: far above what anyone scrolls, and a bound on a 1 MiB file of one-character lines. */
export const TABLE_MAX_ROWS = 20_000;

/** The records of a CSV text (RFC 4180); a missing final line break is fine. */
export function parseCsv(text: string, maxRecords = TABLE_MAX_ROWS + 1): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRecord = () => {
    record.push(field);
    field = "";
    // A blank line is no record.
    if (!(record.length === 1 && record[0] === "")) records.push(record);
    record = [];
  };
  while (index < text.length && records.length < maxRecords) {
    const character = text[index] as string;
    if (quoted) {
      if (character === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 1;
        } else quoted = false;
      } else field += character;
    } else if (character === '"' && field.length === 0) quoted = true;
    else if (character === ",") {
      record.push(field);
      field = "";
    } else if (character === "\n" || character === "\r") {
      if (character === "\r" && text[index + 1] === "\n") index += 1;
      endRecord();
    } else field += character;
    index += 1;
  }
  if (records.length < maxRecords && (field.length > 0 || record.length > 0)) endRecord();
  return records;
}

function columnsOf(titles: readonly string[]): { columns: TableColumn[]; cutColumns: number } {
  // Fields by position: headers may repeat or be empty, and a field name must be unique.
  const columns = titles.slice(0, TABLE_MAX_COLUMNS).map((title, index) => ({ field: `c${index}`, title: title === "" ? `Column ${index + 1}` : title }));
  return { columns, cutColumns: Math.max(0, titles.length - TABLE_MAX_COLUMNS) };
}

/** A CSV text as a table (its first record is the header). */
export function csvTable(text: string): TableData {
  const records = parseCsv(text);
  const [header, ...body] = records;
  if (!header) return { ok: false, reason: "The file has no rows." };
  const { columns, cutColumns } = columnsOf(header);
  const rows = body.slice(0, TABLE_MAX_ROWS).map((record) => Object.fromEntries(columns.map((column, index) => [column.field, record[index] ?? ""])));
  return { ok: true, columns, rows, cutColumns };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A JSON text as a table, when it is an array of objects or of arrays. */
export function jsonTable(text: string): TableData {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: "The file is not valid JSON." };
  }
  if (!Array.isArray(value) || value.length === 0) return { ok: false, reason: "The data is not a list of rows." };
  const items = value.slice(0, TABLE_MAX_ROWS);
  if (items.every(isRecord)) {
    const keys: string[] = [];
    const seen = new Set<string>();
    for (const item of items) {
      for (const key of Object.keys(item)) {
        if (!seen.has(key)) {
          seen.add(key);
          keys.push(key);
        }
      }
    }
    const { columns, cutColumns } = columnsOf(keys);
    const rows = items.map((item) => Object.fromEntries(columns.map((column, index) => [column.field, Object.hasOwn(item, keys[index] as string) ? item[keys[index] as string] : null])));
    return { ok: true, columns, rows, cutColumns };
  }
  if (items.every(Array.isArray)) {
    const width = Math.max(...items.map((item) => item.length));
    const { columns, cutColumns } = columnsOf(Array.from({ length: width }, () => ""));
    const rows = items.map((item) => Object.fromEntries(columns.map((column, index) => [column.field, item[index] ?? null])));
    return { ok: true, columns, rows, cutColumns };
  }
  return { ok: false, reason: "The data mixes rows of different shapes." };
}
