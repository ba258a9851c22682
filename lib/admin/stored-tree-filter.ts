/**
 * The listing's filter, sort and page position as the URL holds them: one
 * schema reads them from search params (a value that does not parse is left
 * out, never guessed), one function writes them back, so every link, the
 * export and a recompile batch carry the same filter.
 */
import { z } from "zod";
import { GENUI_DIAGNOSTIC_MESSAGES } from "@/lib/genui/diagnostics/codes";
import { UI_DIAGNOSTIC_MESSAGES, UI_FAILURE_MESSAGES } from "@/lib/ui/diagnostics/codes";

/** The dialects a stored tree can use. */
export const STORED_TREE_DIALECTS = ["ui", "octo-ui", "render_ui"] as const;

/** How the listing can be sorted; each has its own index and keyset. */
export const STORED_TREE_SORTS = ["newest", "oldest", "nodes", "size"] as const;

/** How the listing is sorted. */
export type StoredTreeSort = (typeof STORED_TREE_SORTS)[number];

/** Receipt codes that mean a budget refused something (the block, the fence or the reply was too big or too costly). */
export const BUDGET_REFUSAL_CODES: readonly string[] = [
  "budget_exceeded",
  "reply_budget",
  ...Object.keys(UI_FAILURE_MESSAGES).filter((code) => code.startsWith("budget_")),
  "too_many_nodes",
  "entries_budget",
  "json_budget",
  "too_many_candidates",
];

/** Codes a receipt entry can carry beyond the dialects' own (lib/chat's final reply adds them). */
const RECEIPT_CODES = ["duplicate_panel_id", "receipt_truncated"];

/** Every diagnostic code a stored receipt can carry, sorted: the choices of the code filter. */
export const STORED_TREE_CODES: readonly string[] = [
  ...new Set([...Object.keys(UI_DIAGNOSTIC_MESSAGES), ...Object.keys(UI_FAILURE_MESSAGES), ...Object.keys(GENUI_DIAGNOSTIC_MESSAGES), ...RECEIPT_CODES]),
].sort();

/** Most rows one page shows: each row is small, but the page must stay quick at 100,000 trees. */
export const MAX_TREES_PER_PAGE = 100;

/** Rows a page shows when the URL does not say. */
export const DEFAULT_TREES_PER_PAGE = 25;

/** Longest free-text search; longer text is no search a person types. */
const SEARCH_MAX_LENGTH = 200;

/** Longest id or name a filter takes (ids are UUIDs, models `provider:name`). */
const NAME_MAX_LENGTH = 200;

const optionalName = z.string().trim().min(1).max(NAME_MAX_LENGTH).optional().catch(undefined);
const optionalCount = z.coerce.number().int().nonnegative().max(2_147_483_647).optional().catch(undefined);
/** A moment: an ISO timestamp or what a `datetime-local` input sends (read as UTC). */
const optionalMoment = z
  .string()
  .trim()
  .transform((value, context) => {
    const withZone = /([zZ]|[+-]\d\d:\d\d)$/.test(value) ? value : `${value}Z`;
    const time = Date.parse(withZone);
    if (Number.isNaN(time)) {
      context.addIssue({ code: "custom", message: "not a time" });
      return z.NEVER;
    }
    return new Date(time);
  })
  .optional()
  .catch(undefined);

/** What the listing is narrowed to; every field is optional and they combine with AND. */
export const StoredTreeFilterSchema = z.object({
  /** Stored at or after. */
  from: optionalMoment,
  /** Stored before. */
  to: optionalMoment,
  /** The account: a user id or an email. */
  user: optionalName,
  /** One chat's stored trees. */
  chat: optionalName,
  model: optionalName,
  dialect: z.enum(STORED_TREE_DIALECTS).optional().catch(undefined),
  /** A ```ui catalog version some block was written for. */
  catalog: z.string().trim().min(1).max(32).optional().catch(undefined),
  /** A receipt code. */
  code: z.string().trim().regex(/^[a-z0-9_]{1,64}$/).optional().catch(undefined),
  /** Only trees whose receipt has a budget refusal. */
  budget: z
    .preprocess((value) => (value === "1" || value === "true" || value === true ? true : undefined), z.literal(true).optional())
    .catch(undefined),
  minNodes: optionalCount,
  maxNodes: optionalCount,
  minSize: optionalCount,
  maxSize: optionalCount,
  /** Words the reply's text must contain. */
  q: z.string().trim().min(1).max(SEARCH_MAX_LENGTH).optional().catch(undefined),
});

/** What the listing is narrowed to. */
export type StoredTreeFilter = z.infer<typeof StoredTreeFilterSchema>;

/** The listing's filter, sort, page size and page position. */
export type StoredTreeQuery = {
  filter: StoredTreeFilter;
  sort: StoredTreeSort;
  limit: number;
  /** Where the page starts: after this row of the previous page. */
  after: StoredTreeCursor | null;
};

/** A row of the listing, as the next page starts after it: its sort key and id. */
export type StoredTreeCursor = { key: string | number; id: string };

/** Search params as Next.js hands them to a page, or as a `URLSearchParams`. */
export type SearchParamsInput = URLSearchParams | Readonly<Record<string, string | string[] | undefined>>;

/** URL names of the filter fields that are not spelled the same in the URL. */
const URL_NAMES: Readonly<Record<string, keyof StoredTreeFilter>> = {
  "nodes-min": "minNodes",
  "nodes-max": "maxNodes",
  "size-min": "minSize",
  "size-max": "maxSize",
};

const FIELD_URL_NAMES: Readonly<Partial<Record<keyof StoredTreeFilter, string>>> = Object.fromEntries(
  Object.entries(URL_NAMES).map(([urlName, field]) => [field, urlName]),
);

function firstValue(params: SearchParamsInput, name: string): string | undefined {
  if (params instanceof URLSearchParams) return params.get(name) ?? undefined;
  const value = params[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Reads the listing's query from the URL; anything that does not parse is left out. */
export function readStoredTreeQuery(params: SearchParamsInput): StoredTreeQuery {
  const raw: Record<string, string | undefined> = {};
  for (const field of Object.keys(StoredTreeFilterSchema.shape) as (keyof StoredTreeFilter)[]) {
    const value = firstValue(params, FIELD_URL_NAMES[field] ?? field);
    if (value !== undefined && value !== "") raw[field] = value;
  }
  const filter = StoredTreeFilterSchema.parse(raw);
  const sortValue = firstValue(params, "sort");
  const sort = (STORED_TREE_SORTS as readonly string[]).includes(sortValue ?? "") ? (sortValue as StoredTreeSort) : "newest";
  const limitValue = Number(firstValue(params, "limit"));
  const limit = Number.isInteger(limitValue) && limitValue > 0 ? Math.min(limitValue, MAX_TREES_PER_PAGE) : DEFAULT_TREES_PER_PAGE;
  return { filter: withoutUndefined(filter), sort, limit, after: decodeCursor(firstValue(params, "after")) };
}

/** The URL search params of a query (the page position only when `after` is given). */
export function storedTreeSearchParams(query: { filter: StoredTreeFilter; sort?: StoredTreeSort; limit?: number; after?: StoredTreeCursor | null }): URLSearchParams {
  const params = new URLSearchParams();
  for (const [field, value] of Object.entries(query.filter) as [keyof StoredTreeFilter, unknown][]) {
    if (value === undefined) continue;
    const name = FIELD_URL_NAMES[field] ?? field;
    params.set(name, value instanceof Date ? value.toISOString() : value === true ? "1" : String(value));
  }
  if (query.sort !== undefined && query.sort !== "newest") params.set("sort", query.sort);
  if (query.limit !== undefined && query.limit !== DEFAULT_TREES_PER_PAGE) params.set("limit", String(query.limit));
  if (query.after) params.set("after", encodeCursor(query.after));
  return params;
}

/** The filter as JSON for the audit log and a recompile run (dates as ISO text). */
export function filterToJson(filter: StoredTreeFilter): Record<string, string | number | boolean> {
  const json: Record<string, string | number | boolean> = {};
  for (const [field, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    json[field] = value instanceof Date ? value.toISOString() : (value as string | number | boolean);
  }
  return json;
}

/** A filter read back from `filterToJson`'s output. */
export function filterFromJson(json: unknown): StoredTreeFilter {
  const parsed = StoredTreeFilterSchema.safeParse(typeof json === "object" && json !== null ? json : {});
  return parsed.success ? withoutUndefined(parsed.data) : {};
}

const CursorSchema = z.tuple([z.union([z.string().max(64), z.number().int()]), z.string().min(1).max(200)]);

/** The page position as URL text. */
export function encodeCursor(cursor: StoredTreeCursor): string {
  // Keys and ids are ASCII (timestamps, numbers, UUIDs); btoa works in the browser and in Node alike.
  return btoa(JSON.stringify([cursor.key, cursor.id])).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The page position read back; null when it is not one of ours. */
export function decodeCursor(text: string | undefined): StoredTreeCursor | null {
  if (!text || text.length > 400) return null;
  try {
    const parsed = CursorSchema.safeParse(JSON.parse(atob(text.replace(/-/g, "+").replace(/_/g, "/"))));
    return parsed.success ? { key: parsed.data[0], id: parsed.data[1] } : null;
  } catch {
    return null;
  }
}

function withoutUndefined<Value extends object>(value: Value): Value {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Value;
}
