/**
 * Replies too big for a person to read: a megabyte of prose, a table of
 * thousands of rows, a table of thousands of columns, one line of 200,000
 * characters. Each must arrive, be stored, reopen, and leave the chat
 * answering; each plays in a chat of its own so its weight does not slow the
 * cases after it.
 */
import { inPieces, type HostileCase, type HostileChunk } from "../hostile-case";

/** A paragraph of ordinary prose, about 100 characters. */
const PARAGRAPH = "The quarterly numbers were reviewed line by line, and every figure was checked against the ledger.\n\n";

/** A megabyte of prose (the 1.1 MB reply took 30 s to reopen), sent in 4 KB events, ending with a line the checks look for. */
function megabyteReply(): HostileChunk[] {
  const body = "The megabyte reply starts here.\n\n" + PARAGRAPH.repeat(Math.ceil(1_100_000 / PARAGRAPH.length));
  return [...inPieces(body, 4_096), { kind: "text", text: "The megabyte reply ends here.\n" }];
}

function table(rows: number, columns: number): string {
  const header = `| ${Array.from({ length: columns }, (_, index) => `c${index}`).join(" | ")} |\n`;
  const rule = `|${" --- |".repeat(columns)}\n`;
  const row = (index: number) => `| ${Array.from({ length: columns }, (_, column) => `r${index}c${column}`).join(" | ")} |\n`;
  return header + rule + Array.from({ length: rows }, (_, index) => row(index)).join("");
}

export const SIZE_CASES: HostileCase[] = [
  {
    id: "size-megabyte-reply",
    class: "size",
    title: "a 1.1 MB reply of plain prose",
    steps: [{ chunks: megabyteReply() }],
    expect: { replyShows: ["The megabyte reply starts here.", "The megabyte reply ends here."] },
    ownChat: true,
    replyTimeoutMs: 60_000,
    dependsOn: "(6) a 1.1 MB reply took 30 s to reopen",
  },
  {
    id: "size-huge-table",
    class: "size",
    title: "a GFM table of 3,000 rows and 12 columns",
    steps: [{ chunks: [{ kind: "text", text: "A huge table follows.\n\n" }, ...inPieces(table(3_000, 12), 8_192), { kind: "text", text: "\nAfter the huge table.\n" }] }],
    expect: { replyShows: ["A huge table follows.", "After the huge table."] },
    ownChat: true,
    replyTimeoutMs: 45_000,
    dependsOn: "(2) bounded Markdown",
  },
  {
    id: "size-wide-table",
    class: "size",
    title: "a GFM table of 4,000 columns",
    steps: [{ chunks: [{ kind: "text", text: "A wide table follows.\n\n" }, ...inPieces(table(3, 4_000), 8_192), { kind: "text", text: "\nAfter the wide table.\n" }] }],
    expect: { replyShows: ["A wide table follows.", "After the wide table."] },
    ownChat: true,
    replyTimeoutMs: 45_000,
    dependsOn: "(2) bounded Markdown",
  },
  {
    id: "size-long-line",
    class: "size",
    title: "one word of 200,000 characters",
    steps: [{ chunks: [{ kind: "text", text: "A long word follows: " }, ...inPieces("w".repeat(200_000), 8_192), { kind: "text", text: "\n\nAfter the long word.\n" }] }],
    expect: { replyShows: ["A long word follows:", "After the long word."] },
  },
];
