/**
 * The chat list's search: a person's own chats of the chat list (never a
 * comparison's panes) whose title or any visible message holds every word of
 * the query, as prefixes, newest first. Matching is Postgres full-text search
 * with the built-in 'simple' configuration, through the GIN indexes of
 * migration 0009 — the same on PGlite and Postgres, no extension needed. The
 * snippet comes from the newest matching message, by `ts_headline`.
 */
import "server-only";
import { and, desc, eq, or, sql } from "drizzle-orm";
import {
  CHAT_SEARCH_MAX_RESULTS,
  chatSearchTsquery,
  chatSearchWords,
  snippetParts,
  SNIPPET_MATCH_END,
  SNIPPET_MATCH_START,
  type ChatSearchResult,
} from "@/lib/chat/list/chat-search";
import { chats } from "../schema";
import { runQuery, type QueryOptions } from "./run-query";

/** Words `ts_headline` shows around a match: a line of the sidebar, two at most. */
const SNIPPET_MAX_WORDS = 14;

/** Words `ts_headline` keeps at the least, so a match is never shown alone without its context. */
const SNIPPET_MIN_WORDS = 5;

// `MaxFragments=1` picks the fragment around the match (words before it too), not the text from the match on.

/** The chats of `userId` that match `query` (see the file comment); empty when the query holds no word. */
export function searchChats(input: QueryOptions & { userId: string; query: string; limit?: number }): Promise<ChatSearchResult[]> {
  const words = chatSearchWords(input.query);
  if (words.length === 0) return Promise.resolve([]);
  const limit = Math.min(Math.max(1, input.limit ?? CHAT_SEARCH_MAX_RESULTS), CHAT_SEARCH_MAX_RESULTS);
  const tsquery = sql`to_tsquery('simple', ${chatSearchTsquery(words)})`;
  const headlineOptions = `StartSel=${SNIPPET_MATCH_START}, StopSel=${SNIPPET_MATCH_END}, MaxWords=${SNIPPET_MAX_WORDS}, MinWords=${SNIPPET_MIN_WORDS}, MaxFragments=1`;
  // Written as SQL: the predicate must read `m.silent = false` literally for the partial index to serve it.
  const matchingMessages = sql`from messages m where m.chat_id = ${chats.id} and m.silent = false and to_tsvector('simple', m.text) @@ ${tsquery}`;
  return runQuery("searchChats", input, async (database) => {
    const rows = await database
      .select({
        id: chats.id,
        title: chats.title,
        updatedAt: chats.updatedAt,
        headline: sql<string | null>`(select ts_headline('simple', translate(m.text, ${SNIPPET_MATCH_START + SNIPPET_MATCH_END}, ''), ${tsquery}, ${headlineOptions}) ${matchingMessages} order by m.sequence desc limit 1)`,
      })
      .from(chats)
      .where(
        and(
          eq(chats.userId, input.userId),
          eq(chats.purpose, "chat"),
          or(sql`to_tsvector('simple', ${chats.title}) @@ ${tsquery}`, sql`exists (select 1 ${matchingMessages})`),
        ),
      )
      .orderBy(desc(chats.updatedAt), desc(chats.id))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      updatedAt: new Date(row.updatedAt).toISOString(),
      snippet: row.headline === null ? null : snippetParts(row.headline),
    }));
  });
}
