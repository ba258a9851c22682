/**
 * A stored reply's final parts read back from its jsonb columns: the ```ui
 * blocks, the octo-ui fences, the `render_ui` cards and the degradation
 * receipt, each validated (a part that does not parse is left out, never
 * trusted) — the same reading the chat's wire applies.
 */
import "server-only";
import { z } from "zod";
import type { JsonValue } from "@/db/schema";
import { readStoredGenui } from "@/lib/chat/records/message-record";
import { ReceiptEntrySchema, type GenuiFenceRecord, type ReceiptEntry, type ToolCard } from "@/lib/chat/wire";
import { UiBlocksSchema, type UiBlock } from "@/lib/ui/envelope/schema";

/** A reply's final parts. */
export type ReplyParts = {
  ui: UiBlock[];
  fences: GenuiFenceRecord[];
  tools: ToolCard[];
  receipt: ReceiptEntry[];
};

/** The final parts of a stored reply's columns. */
export function readReplyParts(columns: { ui: JsonValue | null; genui: JsonValue | null; diagnostics: JsonValue | null }): ReplyParts {
  const ui = parsed(UiBlocksSchema, columns.ui) ?? [];
  // Card by card, as the chat reads them: one card that no longer parses must not hide its siblings here either.
  const genui = readStoredGenui(columns.genui);
  return {
    ui,
    fences: genui?.fences ?? [],
    tools: genui?.tools ?? [],
    receipt: parsed(z.array(ReceiptEntrySchema), columns.diagnostics) ?? [],
  };
}

function parsed<Schema extends z.ZodType>(schema: Schema, value: JsonValue | null): z.infer<Schema> | null {
  if (value === null) return null;
  const result = schema.safeParse(value);
  return result.success ? result.data : null;
}
