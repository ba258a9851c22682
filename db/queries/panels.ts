/** Panel state queries; every one is scoped by the chat owner's user id. */
import "server-only";
import { and, eq, lte, sql } from "drizzle-orm";
import { chats, messages, panels, type JsonValue, type Panel } from "../schema";
import { runQuery, type QueryOptions } from "./run-query";

/** One panel of a user's chat, or null. */
export function getPanelState(
  input: QueryOptions & { userId: string; chatId: string; panelId: string },
): Promise<Panel | null> {
  return runQuery("getPanelState", input, async (database) => {
    const [row] = await database
      .select({ panel: panels })
      .from(panels)
      .innerJoin(chats, eq(chats.id, panels.chatId))
      .where(and(eq(panels.chatId, input.chatId), eq(panels.panelId, input.panelId), eq(chats.userId, input.userId)))
      .limit(1);
    return row?.panel ?? null;
  });
}

/** Every panel of a user's chat (what a reload restores); empty when the chat is not theirs. */
export function listPanelStates(input: QueryOptions & { userId: string; chatId: string }): Promise<Panel[]> {
  return runQuery("listPanelStates", input, async (database) => {
    const rows = await database
      .select({ panel: panels })
      .from(panels)
      .innerJoin(chats, eq(chats.id, panels.chatId))
      .where(and(eq(panels.chatId, input.chatId), eq(chats.userId, input.userId)))
      .orderBy(panels.panelId);
    return rows.map((row) => row.panel);
  });
}

/** What `upsertPanelState` did. */
export type PanelUpsertResult = {
  /** False when the stored revision is newer than the write's (a stale browser tab); the stored row is kept. */
  applied: boolean;
  /** The panel as stored after the write. */
  panel: Panel;
};

/**
 * Writes a panel's revision, message and interaction state. One statement
 * checks ownership (the message must be in the user's chat) and resolves
 * concurrent writers: the newest revision wins, and among writes of the same
 * revision the last one does. Null when the chat or message is not theirs.
 */
export function upsertPanelState(
  input: QueryOptions & {
    userId: string;
    chatId: string;
    panelId: string;
    revision: number;
    messageId: string;
    state: JsonValue;
  },
): Promise<PanelUpsertResult | null> {
  return runQuery("upsertPanelState", input, async (database) => {
    // INSERT … SELECT takes every column in table order, so the select lists them in that order.
    const [written] = await database
      .insert(panels)
      .select((builder) =>
        builder
          .select({
            chatId: chats.id,
            panelId: sql`${input.panelId}::text`.as("panel_id"),
            revision: sql`${input.revision}::integer`.as("revision"),
            messageId: messages.id,
            state: sql`${JSON.stringify(input.state)}::jsonb`.as("state"),
            updatedAt: sql`now()`.as("updated_at"),
          })
          .from(messages)
          .innerJoin(chats, eq(chats.id, messages.chatId))
          .where(and(eq(messages.id, input.messageId), eq(chats.id, input.chatId), eq(chats.userId, input.userId))),
      )
      .onConflictDoUpdate({
        target: [panels.chatId, panels.panelId],
        set: {
          revision: sql`excluded.revision`,
          messageId: sql`excluded.message_id`,
          state: sql`excluded.state`,
          updatedAt: sql`excluded.updated_at`,
        },
        setWhere: lte(panels.revision, sql`excluded.revision`),
      })
      .returning();
    if (written) return { applied: true, panel: written };
    const [current] = await database
      .select({ panel: panels })
      .from(panels)
      .innerJoin(chats, eq(chats.id, panels.chatId))
      .innerJoin(messages, and(eq(messages.id, input.messageId), eq(messages.chatId, chats.id)))
      .where(and(eq(panels.chatId, input.chatId), eq(panels.panelId, input.panelId), eq(chats.userId, input.userId)))
      .limit(1);
    return current ? { applied: false, panel: current.panel } : null;
  });
}

/**
 * Changes a panel's interaction state by read, change and write under the
 * panel row's lock, in one transaction: concurrent changes (two tabs, two
 * instances) queue on the row, and each `change` starts from the state the
 * one before it stored, so none is lost. `change` gets the stored state when
 * the row is at `revision` in `messageId`, and null when the row is held by
 * another message (a version of the panel the chat no longer shows: the
 * write moves the row to the shown one); it may throw to refuse, and then
 * nothing is written. A row at a newer revision is left alone (`applied`
 * false), as `upsertPanelState` leaves it. Null when the chat, its panel or
 * the message is not the user's.
 */
export function updatePanelState(
  input: QueryOptions & {
    userId: string;
    chatId: string;
    panelId: string;
    revision: number;
    messageId: string;
    change: (stored: JsonValue | null) => JsonValue;
  },
): Promise<PanelUpsertResult | null> {
  return runQuery("updatePanelState", input, (database) =>
    database.transaction(async (transaction) => {
      const [locked] = await transaction
        .select({ panel: panels })
        .from(panels)
        .innerJoin(chats, eq(chats.id, panels.chatId))
        .where(and(eq(panels.chatId, input.chatId), eq(panels.panelId, input.panelId), eq(chats.userId, input.userId)))
        // Only the panel's row: the chat's row is what a turn's append locks, and a state save must not queue behind a reply.
        .for("update", { of: panels });
      if (!locked) return null;
      const row = locked.panel;
      if (row.revision > input.revision) return { applied: false, panel: row };
      const here = row.messageId === input.messageId && row.revision === input.revision;
      if (!here) {
        const [holder] = await transaction
          .select({ id: messages.id })
          .from(messages)
          .where(and(eq(messages.id, input.messageId), eq(messages.chatId, input.chatId)))
          .limit(1);
        if (!holder) return null;
      }
      const state = input.change(here ? row.state : null);
      const [written] = await transaction
        .update(panels)
        .set({ revision: input.revision, messageId: input.messageId, state, updatedAt: sql`now()` })
        .where(and(eq(panels.chatId, input.chatId), eq(panels.panelId, input.panelId)))
        .returning();
      if (!written) throw new Error("the locked panel row was not updated");
      return { applied: true, panel: written };
    }),
  );
}
