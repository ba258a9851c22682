import { describe, expect, it } from "vitest";
import { generateHugeReply } from "@/lib/models/replay/huge-reply";
import { MARKDOWN_CHUNK_CHARACTERS, MARKDOWN_MAX_CHARACTERS } from "./markdown-limits";
import { markdownLimitOf, splitMarkdown, type MarkdownChunk } from "./split-markdown";

function joined(chunks: readonly MarkdownChunk[]): string {
  return chunks.map((chunk) => chunk.text).join("");
}

const PARAGRAPH = "A paragraph of an ordinary reply, with **bold**, _emphasis_, `code` and a [link](https://example.com).";

/** `count` paragraphs separated by blank lines. */
function paragraphs(count: number): string {
  return Array.from({ length: count }, (_, index) => `${index}. ${PARAGRAPH}`.replace(/^\d+\. /, `Part ${index}: `)).join("\n\n");
}

describe("splitMarkdown", () => {
  it("keeps a reply shorter than a chunk whole", () => {
    const text = paragraphs(10);
    expect(splitMarkdown(text)).toEqual([{ start: 0, end: text.length, text, limit: null, blockStarts: expect.any(Array) }]);
  });

  it("splits a long reply at blank lines into chunks of at least the chunk size, losing nothing", () => {
    const text = paragraphs(2_000);
    const chunks = splitMarkdown(text);
    expect(chunks.length).toBeGreaterThan(10);
    expect(joined(chunks)).toBe(text);
    for (const chunk of chunks.slice(0, -1)) expect(chunk.text.length).toBeGreaterThanOrEqual(MARKDOWN_CHUNK_CHARACTERS);
    for (const chunk of chunks.slice(1)) {
      expect(text.slice(chunk.start - 2, chunk.start)).toBe("\n\n");
      expect(chunk.text).toMatch(/^Part \d+: /);
    }
    expect(chunks.every((chunk) => chunk.limit === null)).toBe(true);
  });

  it("never splits inside a code fence, whatever its blank lines and first-column lines say", () => {
    const code = Array.from({ length: 2_000 }, (_, line) => `line ${line}\n\n## not a heading ${line}`).join("\n");
    const text = `${paragraphs(300)}\n\n\`\`\`text\n${code}\n\`\`\`\n\n${paragraphs(300)}`;
    const fenceStart = text.indexOf("```text");
    const fenceEnd = text.indexOf("\n```\n", fenceStart) + 5;
    const chunks = splitMarkdown(text);
    expect(joined(chunks)).toBe(text);
    const holding = chunks.filter((chunk) => chunk.start < fenceEnd && fenceStart < chunk.end);
    expect(holding).toHaveLength(1);
    expect(holding[0]?.start).toBeLessThanOrEqual(fenceStart);
    expect(holding[0]?.end).toBeGreaterThanOrEqual(fenceEnd);
  });

  it("never splits inside a raw HTML comment that spans blank lines", () => {
    const comment = `<!--\n${Array.from({ length: 500 }, (_, line) => `hidden ${line}\n`).join("\n")}-->`;
    const text = `${paragraphs(200)}\n\n${comment}\n\n${paragraphs(200)}`;
    const start = text.indexOf("<!--");
    const end = text.indexOf("-->") + 3;
    const holding = splitMarkdown(text).filter((chunk) => chunk.start < end && start < chunk.end);
    expect(holding).toHaveLength(1);
  });

  it("keeps the items of a list written with blank lines between them together", () => {
    const list = Array.from({ length: 200 }, (_, item) => `${item + 1}. Item ${item} of a loose list.`).join("\n\n");
    const text = `${paragraphs(100)}\n\n${list}\n\n${paragraphs(100)}`;
    const start = text.indexOf("1. Item 0");
    const end = text.indexOf("Item 199 of a loose list.") + "Item 199 of a loose list.".length;
    expect(splitMarkdown(text).filter((chunk) => chunk.start < end && start < chunk.end)).toHaveLength(1);
  });

  it("splits a list too long for one chunk before one of its items", () => {
    const list = Array.from({ length: 3_000 }, (_, item) => `${item + 1}. Item ${item}, with **bold** text.`).join("\n");
    const chunks = splitMarkdown(list);
    expect(chunks.length).toBeGreaterThan(1);
    expect(joined(chunks)).toBe(list);
    for (const chunk of chunks) {
      expect(chunk.limit).toBeNull();
      expect(chunk.text).toMatch(/^\d+\. Item/);
    }
  });

  it("does not split before an indented line, which may continue a list item", () => {
    const text = `${paragraphs(100)}\n\n- an item\n\n    its second paragraph\n\n${paragraphs(100)}`;
    for (const chunk of splitMarkdown(text)) expect(chunk.text.startsWith(" ")).toBe(false);
  });

  it("gives a streaming text the same chunks as it grows: only the last one changes", () => {
    const text = paragraphs(1_500);
    const final = splitMarkdown(text);
    const byStart = new Map(final.map((chunk) => [chunk.start, chunk.text]));
    for (let length = 1_000; length < text.length; length += 7_919) {
      const chunks = splitMarkdown(text.slice(0, length));
      for (const chunk of chunks.slice(0, -1)) expect(byStart.get(chunk.start)).toBe(chunk.text);
    }
  });

  it("puts a block past a limit in a chunk of its own, and leaves its neighbours alone", () => {
    const deep = `${">".repeat(2_000)} deep`;
    const text = `${paragraphs(3)}\n\n${deep}\n\n${paragraphs(3)}`;
    const chunks = splitMarkdown(text);
    expect(chunks.map((chunk) => chunk.limit)).toEqual([null, "nesting", null]);
    expect(chunks[1]?.text).toBe(`${deep}\n\n`);
  });

  it.each([
    ["quote markers", `${"> ".repeat(33)}x`, "nesting"],
    ["list markers", `${"* ".repeat(33)}x`, "nesting"],
    ["open brackets", `${"[".repeat(33)}x`, "nesting"],
    ["open emphasis", `${"*".repeat(33)}x${"*".repeat(33)}`, "nesting"],
    ["a long block", "word ".repeat(12_000), "length"],
    ["a table of many cells", `|${"a|".repeat(12_000)}\n|${"-|".repeat(12_000)}`, "nodes"],
    // Each of these parses in time growing with the square of its markers: 20,000 took tens of seconds.
    ["lone emphasis closers", "a* ".repeat(1_001), "nodes"],
    ["lone closing brackets", "a] ".repeat(1_001), "nodes"],
    ["balanced brackets without links", "[a] ".repeat(501), "nodes"],
  ])("measures %s before parsing", (_name, text, limit) => {
    expect(markdownLimitOf(text)).toBe(limit);
  });

  it.each([
    ["32 quote markers", `${"> ".repeat(32)}x`],
    ["a thematic break of many stars", "* ".repeat(200)],
    ["a line of underscores to fill in", `Name: ${"_".repeat(200)} Date: ${"_".repeat(200)}`],
    ["a long tilde run", `a ${"~".repeat(500)} b`],
    ["intraword underscores", "snake_case_".repeat(500)],
    ["escaped brackets", "\\[".repeat(500)],
    ["balanced brackets", "[a] ".repeat(500)],
    ["a thousand lone closers spread over paragraphs", "a* ".repeat(600).concat("\n\n").repeat(20)],
    ["a long list with emphasis in every item", "- **bold** and _more_ [link](https://example.com)\n".repeat(2_000)],
    ["multiplication", "2 * 3 * 4 ".repeat(200)],
    ["code in a fence", `\`\`\`py\n${"def f(*args, **kwargs): return [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[x]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n".repeat(50)}\`\`\``],
    ["the huge prose reply", generateHugeReply(200_000, "prose")],
    ["the huge reply of blocks", generateHugeReply(200_000)],
  ])("lets ordinary text through: %s", (_name, text) => {
    expect(markdownLimitOf(text)).toBeNull();
  });

  it("shows the part of a text past the whole-text limit as plain text", () => {
    const text = `${"A line of a very long reply.\n\n".repeat(Math.ceil(MARKDOWN_MAX_CHARACTERS / 30) + 10)}`;
    const chunks = splitMarkdown(text);
    expect(joined(chunks)).toBe(text);
    expect(chunks.at(-1)?.limit).toBe("length");
    expect(chunks.at(-1)?.start).toBeLessThanOrEqual(MARKDOWN_MAX_CHARACTERS);
    expect(chunks.slice(0, -1).every((chunk) => chunk.limit === null)).toBe(true);
  });

  it("scans a megabyte in one linear pass", () => {
    const text = `${">".repeat(500_000)}\n\n${"[".repeat(500_000)}`;
    const chunks = splitMarkdown(text);
    expect(chunks.map((chunk) => chunk.limit)).toEqual(["length", "length"]);
  });
});
