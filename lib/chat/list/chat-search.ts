/**
 * Searching a person's chats by title and message text: what a query may
 * hold, how it becomes a Postgres `tsquery`, and what a result carries. Shared
 * by the search query (db/queries/chat-search.ts), its route
 * (app/api/chats/search) and the list's search box, which reads results
 * through `ChatSearchResultsSchema`. A snippet is plain text split into parts
 * — never markup — so whatever a reply said reaches the page as text only.
 */
import { z } from "zod";

/** Characters of a query the server reads: a search box phrase, not a document; longer input is cut here, not refused. */
export const CHAT_SEARCH_QUERY_MAX_LENGTH = 200;

/** Words of a query that count: each is a prefix match against the index, and eight already narrow any person's chats. */
export const CHAT_SEARCH_MAX_WORDS = 8;

/** Most results one search returns: what fits a sidebar; a person narrows with another word rather than scrolling past this. */
export const CHAT_SEARCH_MAX_RESULTS = 30;

/** Longest single word sent to the index: longer runs of letters are not words a person types. */
const CHAT_SEARCH_WORD_MAX_LENGTH = 60;

/**
 * The words of a query as the index knows them: lower-cased runs of letters
 * and digits (Postgres's 'simple' configuration splits text the same way at
 * punctuation), at most `CHAT_SEARCH_MAX_WORDS`. Empty when nothing in the
 * query can match.
 */
export function chatSearchWords(query: string): string[] {
  const words = query.slice(0, CHAT_SEARCH_QUERY_MAX_LENGTH).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((word) => word.slice(0, CHAT_SEARCH_WORD_MAX_LENGTH)))].slice(0, CHAT_SEARCH_MAX_WORDS);
}

/**
 * The `to_tsquery('simple', …)` text for the words: all of them, each as a
 * prefix (so "deplo" finds "deploy" while the person is still typing). The
 * words hold letters and digits only, so nothing in them is `tsquery` syntax.
 */
export function chatSearchTsquery(words: readonly string[]): string {
  return words.map((word) => `${word}:*`).join(" & ");
}

/** One run of a snippet: `match` marks the words the query found. */
export const ChatSearchSnippetPartSchema = z.object({ text: z.string().max(2_000), match: z.boolean() });
/** One run of a snippet. */
export type ChatSearchSnippetPart = z.infer<typeof ChatSearchSnippetPartSchema>;

/** One chat a search found. */
export const ChatSearchResultSchema = z.object({
  id: z.string().max(100),
  title: z.string().max(200),
  updatedAt: z.string().max(40),
  /** Where a message of the chat matched, as text runs; null when only the title matched. */
  snippet: z.array(ChatSearchSnippetPartSchema).max(200).nullable(),
});
/** One chat a search found. */
export type ChatSearchResult = z.infer<typeof ChatSearchResultSchema>;

/** What the search route answers. */
export const ChatSearchResultsSchema = z.object({ query: z.string().max(CHAT_SEARCH_QUERY_MAX_LENGTH), results: z.array(ChatSearchResultSchema).max(CHAT_SEARCH_MAX_RESULTS) });
/** What the search route answers. */
export type ChatSearchResults = z.infer<typeof ChatSearchResultsSchema>;

/** Marks `ts_headline` puts around a match: private-use characters, removed from the message text before it runs. */
export const SNIPPET_MATCH_START = "\uE000";
/** See `SNIPPET_MATCH_START`. */
export const SNIPPET_MATCH_END = "\uE001";

/** A `ts_headline` result as text runs, whitespace folded to single spaces. */
export function snippetParts(headline: string): ChatSearchSnippetPart[] {
  const parts: ChatSearchSnippetPart[] = [];
  const folded = headline.replace(/\s+/g, " ").trim();
  let rest = folded;
  while (rest.length > 0) {
    const start = rest.indexOf(SNIPPET_MATCH_START);
    if (start === -1) {
      parts.push({ text: rest, match: false });
      break;
    }
    if (start > 0) parts.push({ text: rest.slice(0, start), match: false });
    const end = rest.indexOf(SNIPPET_MATCH_END, start + 1);
    const stop = end === -1 ? rest.length : end;
    const matched = rest.slice(start + 1, stop);
    if (matched.length > 0) parts.push({ text: matched, match: true });
    rest = end === -1 ? "" : rest.slice(end + 1);
  }
  // Stray marks (a reply that held one) leave no trace in the text.
  return parts
    .map((part) => ({ ...part, text: part.text.replaceAll(SNIPPET_MATCH_START, "").replaceAll(SNIPPET_MATCH_END, "").slice(0, 2_000) }))
    .filter((part) => part.text.length > 0)
    .slice(0, 200);
}
