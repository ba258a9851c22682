/**
 * The admin view's reads of stored final trees across users: the filtered,
 * keyset-paged listing (summaries, and full records for the export and the
 * recompile check), one tree with what its page shows, and the revisions of
 * its panels. Every query is gated in SQL on the caller being an admin: the
 * policy checks first, and the query does not trust that it did.
 *
 * Stored trees have one source today, chat replies (`messages` with `ui` or
 * `genui`). A second one (comparison panes) joins as one more branch of
 * `storedTreeSources`: a select of the same columns with its own `source`,
 * UNION ALL'd under the same order and limit, so Postgres merges the
 * branches' index scans (Merge Append) and the keyset stays one cursor.
 */
import "server-only";
import { and, asc, desc, eq, exists, gt, gte, lt, lte, or, sql, type SQL } from "drizzle-orm";
import {
  BUDGET_REFUSAL_CODES,
  type StoredTreeCursor,
  type StoredTreeFilter,
  type StoredTreeQuery,
  type StoredTreeSort,
} from "@/lib/admin/stored-tree-filter";
import type { Database } from "../client";
import { chats, messages, users, type JsonValue, type MessageStatus } from "../schema";
import { runQuery, type QueryOptions } from "./run-query";

/** Where a stored tree comes from: a chat reply (a comparison pane's reply will be the second source). */
export type StoredTreeSource = "chat";

/** One stored tree as the listing shows it. */
export type StoredTreeSummary = {
  source: StoredTreeSource;
  messageId: string;
  chatId: string;
  chatTitle: string;
  userId: string;
  userEmail: string;
  userIsAnonymous: boolean;
  model: string | null;
  status: MessageStatus;
  createdAt: Date;
  dialects: string[];
  catalogs: string[];
  codes: string[];
  nodes: number;
  size: number;
  /** The start of the reply's text. */
  excerpt: string;
};

/** One stored tree with everything the export and the recompile check read. */
export type StoredTreeRecord = StoredTreeSummary & {
  text: string;
  ui: JsonValue | null;
  genui: JsonValue | null;
  diagnostics: JsonValue | null;
};

/** One stored tree as its page shows it: the record, when it was asked for and when it was last written. */
export type StoredTreeDetail = StoredTreeRecord & {
  sequence: number;
  silent: boolean;
  error: string | null;
  updatedAt: Date;
  /** When the prompt it answers was stored (null when it answers none). */
  promptedAt: Date | null;
};

/** A page of the listing, and where the next one starts (null on the last page). */
export type StoredTreePage<Row> = { rows: Row[]; next: StoredTreeCursor | null };

/** Characters of a reply's text the listing shows. */
const EXCERPT_LENGTH = 140;

/** The predicate of the partial indexes that hold stored trees: written the same way so the planner uses them. */
const isStoredTree = sql`(${messages.ui} is not null or ${messages.genui} is not null)`;

/** `created_at` as exact text (microseconds, UTC): a JavaScript Date keeps milliseconds, and a cursor must not skip or repeat rows. */
const createdAtText = sql<string>`to_char(${messages.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function callerIsAdmin(database: Database, adminUserId: string) {
  return exists(
    database
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, adminUserId), eq(users.role, "admin"), eq(users.isAnonymous, false))),
  );
}

/** The filter as SQL conditions on the chat source. */
function filterConditions(database: Database, filter: StoredTreeFilter): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [isStoredTree];
  if (filter.from) conditions.push(gte(messages.createdAt, filter.from));
  if (filter.to) conditions.push(lt(messages.createdAt, filter.to));
  if (filter.user !== undefined) {
    const account = database
      .select({ id: chats.id })
      .from(chats)
      .innerJoin(users, eq(users.id, chats.userId))
      .where(or(eq(users.id, filter.user), eq(users.email, filter.user)));
    conditions.push(sql`${messages.chatId} in (${account})`);
  }
  if (filter.chat !== undefined) conditions.push(eq(messages.chatId, filter.chat));
  if (filter.model !== undefined) conditions.push(eq(messages.model, filter.model));
  if (filter.dialect !== undefined) conditions.push(sql`${messages.treeDialects} @> array[${filter.dialect}]::text[]`);
  if (filter.catalog !== undefined) conditions.push(sql`${messages.treeCatalogs} @> jsonb_build_array(${filter.catalog}::text)`);
  if (filter.code !== undefined) conditions.push(sql`${messages.treeCodes} @> jsonb_build_array(${filter.code}::text)`);
  if (filter.budget) conditions.push(sql`${messages.treeCodes} ?| ${sql.raw(textArray(BUDGET_REFUSAL_CODES))}`);
  if (filter.minNodes !== undefined) conditions.push(gte(messages.treeNodes, filter.minNodes));
  if (filter.maxNodes !== undefined) conditions.push(lte(messages.treeNodes, filter.maxNodes));
  if (filter.minSize !== undefined) conditions.push(gte(messages.treeSize, filter.minSize));
  if (filter.maxSize !== undefined) conditions.push(lte(messages.treeSize, filter.maxSize));
  if (filter.q !== undefined) conditions.push(sql`to_tsvector('simple', ${messages.text}) @@ websearch_to_tsquery('simple', ${filter.q})`);
  return conditions;
}

/** A constant text array literal; only for the fixed code list above (no input reaches it). */
function textArray(values: readonly string[]): string {
  for (const value of values) if (!/^[a-z0-9_]+$/.test(value)) throw new Error(`not a code: ${value}`);
  return `array[${values.map((value) => `'${value}'`).join(",")}]::text[]`;
}

/** The sort's key column, its exact text for the cursor, and its direction. */
function sortOf(sort: StoredTreeSort): { key: SQL | typeof messages.treeNodes; keyText: SQL; descending: boolean; numeric: boolean } {
  switch (sort) {
    case "newest":
      return { key: sql`${messages.createdAt}`, keyText: createdAtText, descending: true, numeric: false };
    case "oldest":
      return { key: sql`${messages.createdAt}`, keyText: createdAtText, descending: false, numeric: false };
    case "nodes":
      return { key: sql`${messages.treeNodes}`, keyText: sql`${messages.treeNodes}::text`, descending: true, numeric: true };
    case "size":
      return { key: sql`${messages.treeSize}`, keyText: sql`${messages.treeSize}::text`, descending: true, numeric: true };
  }
}

function keysetCondition(sort: StoredTreeSort, after: StoredTreeCursor | null): SQL | undefined {
  if (!after) return undefined;
  const { key, descending, numeric } = sortOf(sort);
  if (numeric && typeof after.key !== "number") return undefined;
  if (!numeric && typeof after.key !== "string") return undefined;
  const value = numeric ? sql`${after.key}::integer` : sql`${after.key}::timestamptz`;
  return descending ? sql`(${key}, ${messages.id}) < (${value}, ${after.id})` : sql`(${key}, ${messages.id}) > (${value}, ${after.id})`;
}

function orderOf(sort: StoredTreeSort): SQL[] {
  const { key, descending } = sortOf(sort);
  return descending ? [desc(key), desc(messages.id)] : [asc(key), asc(messages.id)];
}

const summaryColumns = {
  messageId: messages.id,
  chatId: messages.chatId,
  chatTitle: chats.title,
  userId: users.id,
  userEmail: users.email,
  userIsAnonymous: users.isAnonymous,
  model: messages.model,
  status: messages.status,
  createdAt: messages.createdAt,
  dialects: messages.treeDialects,
  catalogs: messages.treeCatalogs,
  codes: messages.treeCodes,
  nodes: messages.treeNodes,
  size: messages.treeSize,
  excerpt: sql<string>`left(${messages.text}, ${EXCERPT_LENGTH})`,
};

type SummaryRow = { [Name in keyof typeof summaryColumns]: unknown } & { cursorKey: string };

function toSummary(row: SummaryRow): StoredTreeSummary {
  return {
    source: "chat",
    messageId: row.messageId as string,
    chatId: row.chatId as string,
    chatTitle: row.chatTitle as string,
    userId: row.userId as string,
    userEmail: row.userEmail as string,
    userIsAnonymous: row.userIsAnonymous as boolean,
    model: row.model as string | null,
    status: row.status as MessageStatus,
    createdAt: row.createdAt as Date,
    dialects: (row.dialects as string[] | null) ?? [],
    catalogs: (row.catalogs as string[] | null) ?? [],
    codes: (row.codes as string[] | null) ?? [],
    nodes: Number(row.nodes ?? 0),
    size: Number(row.size ?? 0),
    excerpt: row.excerpt as string,
  };
}

function nextCursor<Row extends { cursorKey: string; messageId: unknown }>(rows: Row[], limit: number, sort: StoredTreeSort): StoredTreeCursor | null {
  if (rows.length <= limit) return null;
  const last = rows[limit - 1]!;
  return { key: sortOf(sort).numeric ? Number(last.cursorKey) : last.cursorKey, id: last.messageId as string };
}

/** The listing's select of one page (limit + 1 rows, to know whether another page follows). */
function pageSelect(database: Database, adminUserId: string, query: StoredTreeQuery) {
  const { filter, sort, limit, after } = query;
  return database
    .select({ ...summaryColumns, cursorKey: sortOf(sort).keyText })
    .from(messages)
    .innerJoin(chats, eq(chats.id, messages.chatId))
    .innerJoin(users, eq(users.id, chats.userId))
    .where(and(callerIsAdmin(database, adminUserId), ...filterConditions(database, filter), keysetCondition(sort, after)))
    .orderBy(...orderOf(sort))
    .limit(limit + 1);
}

/** One page of the listing (summaries); empty unless `adminUserId` names an admin. */
export function listStoredTrees(input: QueryOptions & { adminUserId: string; query: StoredTreeQuery }): Promise<StoredTreePage<StoredTreeSummary>> {
  return runQuery("listStoredTrees", input, async (database) => {
    const rows = (await pageSelect(database, input.adminUserId, input.query)) as SummaryRow[];
    return { rows: rows.slice(0, input.query.limit).map(toSummary), next: nextCursor(rows, input.query.limit, input.query.sort) };
  });
}

/** The plan Postgres runs a listing page with (`EXPLAIN (ANALYZE, BUFFERS)`), one line per entry: the benchmark prints it. */
export function explainStoredTrees(input: QueryOptions & { adminUserId: string; query: StoredTreeQuery }): Promise<string[]> {
  return runQuery("explainStoredTrees", input, async (database) => {
    const result = await database.execute<{ "QUERY PLAN": string }>(sql`explain (analyze, buffers) ${pageSelect(database, input.adminUserId, input.query)}`);
    const rows = Array.isArray(result) ? result : ((result as unknown as { rows: { "QUERY PLAN": string }[] }).rows ?? []);
    return rows.map((row) => row["QUERY PLAN"]);
  });
}

/** One page of full records, for the export and the recompile check; empty unless `adminUserId` names an admin. */
export function listStoredTreeRecords(input: QueryOptions & { adminUserId: string; query: StoredTreeQuery }): Promise<StoredTreePage<StoredTreeRecord>> {
  return runQuery("listStoredTreeRecords", input, async (database) => {
    const { filter, sort, limit, after } = input.query;
    const rows = (await database
      .select({ ...summaryColumns, cursorKey: sortOf(sort).keyText, text: messages.text, ui: messages.ui, genui: messages.genui, diagnostics: messages.diagnostics })
      .from(messages)
      .innerJoin(chats, eq(chats.id, messages.chatId))
      .innerJoin(users, eq(users.id, chats.userId))
      .where(and(callerIsAdmin(database, input.adminUserId), ...filterConditions(database, filter), keysetCondition(sort, after)))
      .orderBy(...orderOf(sort))
      .limit(limit + 1)) as (SummaryRow & { text: string; ui: JsonValue | null; genui: JsonValue | null; diagnostics: JsonValue | null })[];
    return {
      rows: rows.slice(0, limit).map((row) => ({ ...toSummary(row), text: row.text, ui: row.ui, genui: row.genui, diagnostics: row.diagnostics })),
      next: nextCursor(rows, limit, sort),
    };
  });
}

/**
 * One page of the export's JSON Lines, each line written by Postgres
 * (`json_build_object` embeds the stored jsonb as it is): the server passes
 * text through instead of parsing every tree and printing it again. Empty
 * unless `adminUserId` names an admin.
 */
export function listStoredTreeExportLines(input: QueryOptions & { adminUserId: string; query: StoredTreeQuery }): Promise<{ lines: string[]; next: StoredTreeCursor | null }> {
  return runQuery("listStoredTreeExportLines", input, async (database) => {
    const { filter, sort, limit, after } = input.query;
    const line = sql<string>`json_build_object(
      'id', ${messages.id},
      'chat', ${messages.chatId},
      'user', ${users.id},
      'model', ${messages.model},
      'created', to_char(${messages.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'text', ${messages.text},
      'tree', json_build_object('ui', ${messages.ui}, 'genui', ${messages.genui}),
      'diagnostics', ${messages.diagnostics}
    )::text`;
    const rows = await database
      .select({ messageId: messages.id, cursorKey: sortOf(sort).keyText, line })
      .from(messages)
      .innerJoin(chats, eq(chats.id, messages.chatId))
      .innerJoin(users, eq(users.id, chats.userId))
      .where(and(callerIsAdmin(database, input.adminUserId), ...filterConditions(database, filter), keysetCondition(sort, after)))
      .orderBy(...orderOf(sort))
      .limit(limit + 1);
    return { lines: rows.slice(0, limit).map((row) => row.line), next: nextCursor(rows as { cursorKey: string; messageId: unknown }[], limit, sort) };
  });
}

/** How many stored trees a filter matches; 0 unless `adminUserId` names an admin. */
export function countStoredTrees(input: QueryOptions & { adminUserId: string; filter: StoredTreeFilter }): Promise<number> {
  return runQuery("countStoredTrees", input, async (database) => {
    const [row] = await database
      .select({ count: sql<string>`count(*)` })
      .from(messages)
      .where(and(callerIsAdmin(database, input.adminUserId), ...filterConditions(database, input.filter)));
    return Number(row?.count ?? 0);
  });
}

/** One stored tree with what its page shows; null when it does not exist, is no stored tree, or the caller is no admin. */
export function getStoredTree(input: QueryOptions & { adminUserId: string; messageId: string }): Promise<StoredTreeDetail | null> {
  return runQuery("getStoredTree", input, async (database) => {
    const prompt = sql<Date | null>`(select p.created_at from messages p where p.chat_id = ${messages.chatId} and p.sequence < ${messages.sequence} and p.role = 'user' order by p.sequence desc limit 1)`;
    const [row] = (await database
      .select({
        ...summaryColumns,
        cursorKey: createdAtText,
        text: messages.text,
        ui: messages.ui,
        genui: messages.genui,
        diagnostics: messages.diagnostics,
        sequence: messages.sequence,
        silent: messages.silent,
        error: messages.error,
        updatedAt: messages.updatedAt,
        promptedAt: prompt,
      })
      .from(messages)
      .innerJoin(chats, eq(chats.id, messages.chatId))
      .innerJoin(users, eq(users.id, chats.userId))
      .where(and(callerIsAdmin(database, input.adminUserId), isStoredTree, eq(messages.id, input.messageId)))
      .limit(1)) as (SummaryRow & {
      text: string;
      ui: JsonValue | null;
      genui: JsonValue | null;
      diagnostics: JsonValue | null;
      sequence: number;
      silent: boolean;
      error: string | null;
      updatedAt: Date;
      promptedAt: Date | string | null;
    })[];
    if (!row) return null;
    return {
      ...toSummary(row),
      text: row.text,
      ui: row.ui,
      genui: row.genui,
      diagnostics: row.diagnostics,
      sequence: row.sequence,
      silent: row.silent,
      error: row.error,
      updatedAt: row.updatedAt,
      // A raw subquery comes back as the driver's text on some drivers.
      promptedAt: row.promptedAt === null ? null : new Date(row.promptedAt),
    };
  });
}

/** One stored reply of a chat that holds a revision of a panel. */
export type PanelRevisionRow = { messageId: string; sequence: number; silent: boolean; createdAt: Date; ui: JsonValue | null; genui: JsonValue | null };

/** The stored replies of a chat whose trees name any of `panelIds`, in order; empty unless `adminUserId` names an admin. */
export function listPanelRevisions(input: QueryOptions & { adminUserId: string; chatId: string; panelIds: readonly string[] }): Promise<PanelRevisionRow[]> {
  return runQuery("listPanelRevisions", input, async (database) => {
    if (input.panelIds.length === 0) return [];
    const ids = JSON.stringify(input.panelIds);
    // A reply names a panel when a ```ui block has its id, or a fence's or card's spec does.
    const blockIds = sql`jsonb_path_query_array(${messages.ui}, 'strict $[*].id', '{}', true)`;
    const specIds = sql`jsonb_path_query_array(${messages.genui}, 'strict $.fences[*].spec.id', '{}', true) || jsonb_path_query_array(${messages.genui}, 'strict $.tools[*].spec.id', '{}', true)`;
    return database
      .select({ messageId: messages.id, sequence: messages.sequence, silent: messages.silent, createdAt: messages.createdAt, ui: messages.ui, genui: messages.genui })
      .from(messages)
      .where(
        and(
          callerIsAdmin(database, input.adminUserId),
          eq(messages.chatId, input.chatId),
          isStoredTree,
          sql`(${blockIds} ?| array(select jsonb_array_elements_text(${ids}::jsonb)) or (${specIds}) ?| array(select jsonb_array_elements_text(${ids}::jsonb)))`,
        ),
      )
      .orderBy(asc(messages.sequence));
  });
}

/** The models that wrote stored trees, for the model filter; empty unless `adminUserId` names an admin. */
export function listStoredTreeModels(input: QueryOptions & { adminUserId: string }): Promise<string[]> {
  return runQuery("listStoredTreeModels", input, async (database) => {
    // A loose index scan over messages_stored_trees_model_idx: one probe per distinct model instead of reading every row.
    const result = await database.execute<{ model: string }>(sql`
      with recursive models(model) as (
        (select model from messages where model is not null and (ui is not null or genui is not null) order by model limit 1)
        union all
        select (select m.model from messages m where m.model > models.model and (m.ui is not null or m.genui is not null) order by m.model limit 1)
        from models where models.model is not null
      )
      select model from models where model is not null and exists (select 1 from users where id = ${input.adminUserId} and role = 'admin' and is_anonymous = false)`);
    const rows = Array.isArray(result) ? result : ((result as { rows?: { model: string }[] }).rows ?? []);
    return rows.map((row) => row.model);
  });
}
