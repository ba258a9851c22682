/**
 * Stored rows as the wire carries them. A reply's `genui` column holds its
 * final octo-ui fences and `render_ui` cards together (`StoredGenuiSchema`),
 * its `diagnostics` column its degradation receipt. Everything read back from
 * jsonb is validated: a part that does not parse is left out, never trusted.
 */
import "server-only";
import { z } from "zod";
import type { Chat, JsonValue, Message, Panel } from "@/db/schema";
import { readAttachmentRefs } from "@/lib/attachments/attachment-record";
import { UiBlocksSchema } from "@/lib/ui/envelope/schema";
import {
  ActionSummarySchema,
  GenuiFenceRecordSchema,
  ReceiptEntrySchema,
  ToolCardSchema,
  type ChatMessage,
  type ChatSummary,
  type PanelRecord,
  type UiDialect,
  type UserMessageKind,
} from "../wire";
import { panelStateDialect } from "../panels/panel-state";
import { readReplyRepair } from "../final/reply-repair";
import { readReplyUsage } from "./reply-usage";

/** What a reply's `genui` column holds: its final octo-ui fences and its `render_ui` cards. */
export const StoredGenuiSchema = z.object({
  fences: z.array(GenuiFenceRecordSchema),
  tools: z.array(ToolCardSchema),
});
/** What a reply's `genui` column holds. */
export type StoredGenui = z.infer<typeof StoredGenuiSchema>;

/**
 * A reply's `genui` column read part by part: a fence or card that does not
 * parse is left out alone, never taking its siblings with it (one card with
 * an id past its bound once hid every host action line of its reply).
 */
export function readStoredGenui(value: JsonValue | null): StoredGenui | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const each = <Schema extends z.ZodType>(schema: Schema, items: JsonValue | undefined): z.infer<Schema>[] =>
    Array.isArray(items) ? items.flatMap((item) => parsed(schema, item) ?? []) : [];
  return { fences: each(GenuiFenceRecordSchema, value.fences), tools: each(ToolCardSchema, value.tools) };
}

/** A stored message as the wire carries it. */
export function toChatMessage(row: Message): ChatMessage {
  const base = { id: row.id, chatId: row.chatId, sequence: row.sequence, parentId: row.parentId, text: row.text, silent: row.silent, createdAt: row.createdAt.toISOString() };
  if (row.role === "user") {
    const action = row.kind !== "prompt" ? parsed(ActionSummarySchema, row.action ?? null) : null;
    const attachments = readAttachmentRefs(row.attachments);
    return { ...base, role: "user", kind: row.kind satisfies UserMessageKind, ...(action ? { action } : {}), ...(attachments.length > 0 ? { attachments } : {}) };
  }
  const ui = parsed(UiBlocksSchema, row.ui);
  const genui = readStoredGenui(row.genui);
  const usage = readReplyUsage(row.usage);
  const repair = readReplyRepair(row.repair);
  return {
    ...base,
    role: "assistant",
    ...(ui && ui.length > 0 ? { ui } : {}),
    ...(genui && genui.fences.length > 0 ? { genui: genui.fences } : {}),
    ...(genui && genui.tools.length > 0 ? { tools: genui.tools } : {}),
    receipt: parsed(z.array(ReceiptEntrySchema), row.diagnostics) ?? [],
    status: row.status,
    ...(row.error ? { error: row.error } : {}),
    model: row.model ?? "",
    ...(usage ? { usage } : {}),
    ...(repair ? { repair } : {}),
  };
}

/** A stored chat as lists and headers show it. */
export function toChatSummary(chat: Chat): ChatSummary {
  return {
    id: chat.id,
    title: chat.title,
    modelId: chat.modelId,
    createdAt: chat.createdAt.toISOString(),
    updatedAt: chat.updatedAt.toISOString(),
  };
}

/** Stored panels as the wire carries them; `messages` must hold each panel's message to name its dialect. */
export function toPanelRecords(panels: readonly Panel[], messages: readonly ChatMessage[]): PanelRecord[] {
  const byId = new Map(messages.map((message) => [message.id, message]));
  return panels.map((panel) => ({
    panelId: panel.panelId,
    dialect: panelDialect(byId.get(panel.messageId), panel.panelId) ?? panelStateDialect(panel.state) ?? "octo-ui",
    revision: panel.revision,
    messageId: panel.messageId,
    state: panel.state,
  }));
}

/** Which dialect the panel `panelId` has in a reply, or null when the reply does not hold it. */
export function panelDialect(message: ChatMessage | undefined, panelId: string): UiDialect | null {
  if (message?.role !== "assistant") return null;
  if (message.ui?.some((block) => block.id === panelId)) return "ui";
  if (message.genui?.some((fence) => fence.panelId === panelId)) return "octo-ui";
  if (message.tools?.some((card) => card.name === "render_ui" && card.spec?.id === panelId)) return "render_ui";
  return null;
}

function parsed<Schema extends z.ZodType>(schema: Schema, value: JsonValue | null): z.infer<Schema> | null {
  if (value === null) return null;
  const result = schema.safeParse(value);
  return result.success ? result.data : null;
}
