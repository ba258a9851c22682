"use client";
/**
 * The chat list's search box: a query over the titles and message text of
 * the person's chats (GET /api/chats/search), sent `CHAT_SEARCH_DEBOUNCE_MS`
 * after the last keystroke; an answer to an older query is dropped. While it
 * holds a query its results replace the list: each chat's title, and where a
 * message matched, a snippet with the matched words marked — drawn as text,
 * whatever the message said. Esc clears the box; ↓ moves to the first result.
 */
import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { chatSearchWords, ChatSearchResultsSchema, CHAT_SEARCH_QUERY_MAX_LENGTH, type ChatSearchResult } from "@/lib/chat/list/chat-search";
import styles from "./thread-list.module.css";

/** Milliseconds after the last keystroke before a query is sent: a pause in typing, not every letter. */
export const CHAT_SEARCH_DEBOUNCE_MS = 250;

/** What the box says when the search could not be answered. */
export const SEARCH_FAILED_MESSAGE = "Search is not available right now. Try again in a moment.";

type SearchState =
  | { status: "idle" }
  | { status: "searching"; query: string }
  | { status: "done"; query: string; results: ChatSearchResult[] }
  | { status: "failed"; query: string };

/** The search box and, while it holds a query, its results; `onSearchingChange` says when the list should make way. */
export function ChatSearch({ onSearchingChange }: { onSearchingChange: (searching: boolean) => void }) {
  const [query, setQuery] = useState("");
  const [state, setState] = useState<SearchState>({ status: "idle" });
  const inputId = useId();
  const results = useRef<HTMLUListElement>(null);
  const trimmed = query.trim();
  const searching = trimmed !== "";

  useEffect(() => onSearchingChange(searching), [searching, onSearchingChange]);

  useEffect(() => {
    if (!searching) {
      setState({ status: "idle" });
      return;
    }
    // A query without words (only punctuation) can match nothing: no round trip.
    if (chatSearchWords(trimmed).length === 0) {
      setState({ status: "done", query: trimmed, results: [] });
      return;
    }
    setState((previous) => (previous.status === "done" ? previous : { status: "searching", query: trimmed }));
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setState({ status: "searching", query: trimmed });
      try {
        const response = await fetch(`/api/chats/search?q=${encodeURIComponent(trimmed)}`, { signal: controller.signal, headers: { accept: "application/json" } });
        const parsed = ChatSearchResultsSchema.safeParse(response.ok ? await response.json() : null);
        setState(parsed.success ? { status: "done", query: trimmed, results: parsed.data.results } : { status: "failed", query: trimmed });
      } catch {
        if (!controller.signal.aborted) setState({ status: "failed", query: trimmed });
      }
    }, CHAT_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed, searching]);

  const shown = state.status === "done" ? state.results : [];
  const statusText =
    !searching ? "" :
    state.status === "failed" ? SEARCH_FAILED_MESSAGE :
    state.status === "done" && state.query === trimmed
      ? state.results.length === 0
        ? `No chats match “${trimmed}”.`
        : `${state.results.length} ${state.results.length === 1 ? "chat" : "chats"} found`
      : "Searching…";

  return (
    <div className={styles.search} role="search">
      <label htmlFor={inputId} className="visually-hidden">
        Search chats
      </label>
      <input
        id={inputId}
        type="search"
        className={styles.searchInput}
        placeholder="Search chats"
        value={query}
        maxLength={CHAT_SEARCH_QUERY_MAX_LENGTH}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape" && query !== "") {
            // Clears the box only; the chat's own Esc (stop the reply) is not meant here.
            event.preventDefault();
            event.stopPropagation();
            setQuery("");
          } else if (event.key === "ArrowDown" && shown.length > 0) {
            event.preventDefault();
            results.current?.querySelector<HTMLElement>("a")?.focus();
          }
        }}
      />
      {searching ? (
        <>
          <p role="status" className={styles.searchStatus}>
            {statusText}
          </p>
          {shown.length > 0 ? (
            <ul
              ref={results}
              className={styles.list}
              aria-label="Search results"
              onKeyDown={(event) => {
                if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
                const links = [...(results.current?.querySelectorAll<HTMLElement>("a") ?? [])];
                const index = links.indexOf(document.activeElement as HTMLElement);
                if (index === -1) return;
                event.preventDefault();
                const next = links[index + (event.key === "ArrowDown" ? 1 : -1)];
                if (next) next.focus();
                else if (event.key === "ArrowUp") document.getElementById(inputId)?.focus();
              }}
            >
              {shown.map((result) => (
                <SearchResult key={result.id} result={result} />
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function SearchResult({ result }: { result: ChatSearchResult }) {
  const snippetId = useId();
  return (
    <li className={styles.result}>
      <Link href={`/chat/${encodeURIComponent(result.id)}`} className={styles.link} aria-describedby={result.snippet ? snippetId : undefined} title={result.title}>
        <span className={styles.title}>{result.title}</span>
      </Link>
      {result.snippet ? (
        <p id={snippetId} className={styles.snippet}>
          {result.snippet.map((part, index) => (part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>))}
        </p>
      ) : null}
    </li>
  );
}
