import { describe, expect, it } from "vitest";
import { CHAT_SEARCH_MAX_WORDS, chatSearchTsquery, chatSearchWords, snippetParts, SNIPPET_MATCH_END, SNIPPET_MATCH_START } from "./chat-search";

describe("chat search words", () => {
  it("keeps lower-cased runs of letters and digits, once each, at most the word limit", () => {
    expect(chatSearchWords("Deploy-window  DEPLOY café 42!")).toEqual(["deploy", "window", "café", "42"]);
    expect(chatSearchWords("&|!():*'\"")).toEqual([]);
    expect(chatSearchWords(Array.from({ length: 20 }, (_, index) => `w${index}`).join(" "))).toHaveLength(CHAT_SEARCH_MAX_WORDS);
  });

  it("asks for every word as a prefix", () => {
    expect(chatSearchTsquery(["deplo", "win"])).toBe("deplo:* & win:*");
  });
});

describe("snippet parts", () => {
  it("splits a headline at its marks into text runs, whitespace folded", () => {
    const headline = `the ${SNIPPET_MATCH_START}flamingo${SNIPPET_MATCH_END}\n\n stage, ${SNIPPET_MATCH_START}flamingo${SNIPPET_MATCH_END}`;
    expect(snippetParts(headline)).toEqual([
      { text: "the ", match: false },
      { text: "flamingo", match: true },
      { text: " stage, ", match: false },
      { text: "flamingo", match: true },
    ]);
  });

  it("treats an unclosed mark as a match to the end, and drops empty runs", () => {
    expect(snippetParts(`a ${SNIPPET_MATCH_START}b`)).toEqual([
      { text: "a ", match: false },
      { text: "b", match: true },
    ]);
    expect(snippetParts(`${SNIPPET_MATCH_START}${SNIPPET_MATCH_END}`)).toEqual([]);
  });
});
