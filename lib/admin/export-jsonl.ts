/**
 * The JSON Lines export of the filtered stored trees, streamed: a page of
 * records is read only when the client has taken the previous one (the
 * stream pulls), so the server holds one page at a time however many rows
 * the filter matches.
 */
import "server-only";
import type { Database } from "@/db/client";
import { listStoredTreeExportLines } from "@/db/queries/admin-trees";
import type { StoredTreeCursor, StoredTreeFilter } from "./stored-tree-filter";

/** Records read per page: small enough to keep memory flat, large enough that a 10,000-row export is 50 queries. */
export const EXPORT_PAGE_SIZE = 200;

/** One exported line (Postgres writes it: `listStoredTreeExportLines`). */
export type ExportLine = {
  id: string;
  chat: string;
  user: string;
  model: string | null;
  created: string;
  text: string;
  tree: { ui: unknown; genui: unknown };
  diagnostics: unknown;
};

/** The export as a byte stream of JSON Lines; `onEnd` learns how many rows went out (or that the client left early). */
export function storedTreesJsonl(input: {
  adminUserId: string;
  filter: StoredTreeFilter;
  database?: Database;
  onEnd?: (outcome: { rows: number; complete: boolean }) => void;
}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: StoredTreeCursor | null = null;
  let finished = false;
  let rows = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (finished) return;
        const page = await listStoredTreeExportLines({
          ...(input.database ? { database: input.database } : {}),
          adminUserId: input.adminUserId,
          query: { filter: input.filter, sort: "newest", limit: EXPORT_PAGE_SIZE, after },
        });
        const lines = page.lines.join("\n");
        rows += page.lines.length;
        if (lines.length > 0) controller.enqueue(encoder.encode(`${lines}\n`));
        after = page.next;
        if (after === null) {
          finished = true;
          controller.close();
          input.onEnd?.({ rows, complete: true });
        }
      },
      cancel() {
        finished = true;
        input.onEnd?.({ rows, complete: false });
      },
    },
    // One page queued ahead at most: the stream reads the next page only when the client has taken this one.
    { highWaterMark: 1 },
  );
}
