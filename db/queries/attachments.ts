/**
 * Attachment queries; every one is scoped by the owner's user id, and a
 * sent attachment also by its chat, so another user's image — or the same
 * user's image from another chat — is simply not found. Attaching to a
 * prompt happens in `appendMessage`, in the prompt's own transaction.
 */
import "server-only";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { attachments, type Attachment, type AttachmentMediaType } from "../schema";
import type { Database } from "../client";
import { runQuery, type QueryOptions } from "./run-query";

/** An attachment without its bytes. */
export type AttachmentInfo = Omit<Attachment, "bytes">;

const infoColumns = {
  id: attachments.id,
  userId: attachments.userId,
  chatId: attachments.chatId,
  mediaType: attachments.mediaType,
  name: attachments.name,
  sizeBytes: attachments.sizeBytes,
  width: attachments.width,
  height: attachments.height,
  createdAt: attachments.createdAt,
  attachedAt: attachments.attachedAt,
};

/** What `storePendingAttachment` did. */
export type StorePendingAttachmentResult = { kind: "stored"; attachment: AttachmentInfo } | { kind: "too-many-pending"; count: number };

/**
 * Stores an uploaded image as its owner's, not yet in a chat — unless they
 * already have `maxPending` such images waiting. The count and the insert
 * run under the owner's advisory lock, so parallel uploads cannot pass the cap together.
 */
export function storePendingAttachment(
  input: QueryOptions & {
    userId: string;
    attachment: { id: string; mediaType: AttachmentMediaType; name: string; bytes: Uint8Array; width?: number; height?: number };
    maxPending: number;
  },
): Promise<StorePendingAttachmentResult> {
  return runQuery("storePendingAttachment", input, (database) =>
    database.transaction(async (transaction) => {
      await transaction.execute(sql`select pg_advisory_xact_lock(hashtext(${`attachments:${input.userId}`}))`);
      // Images left waiting longer than a day were never sent (the tab closed, the send was abandoned): they go.
      await transaction
        .delete(attachments)
        .where(and(eq(attachments.userId, input.userId), isNull(attachments.chatId), sql`${attachments.createdAt} < now() - interval '1 day'`));
      const [pending] = await transaction
        .select({ count: sql<number>`count(*)::int` })
        .from(attachments)
        .where(and(eq(attachments.userId, input.userId), isNull(attachments.chatId)));
      const count = pending?.count ?? 0;
      if (count >= input.maxPending) return { kind: "too-many-pending", count };
      const { attachment } = input;
      const [stored] = await transaction
        .insert(attachments)
        .values({
          id: attachment.id,
          userId: input.userId,
          mediaType: attachment.mediaType,
          name: attachment.name,
          sizeBytes: attachment.bytes.byteLength,
          width: attachment.width ?? null,
          height: attachment.height ?? null,
          bytes: attachment.bytes,
        })
        .returning(infoColumns);
      if (!stored) throw new Error("insert returned no row");
      return { kind: "stored", attachment: stored };
    }),
  );
}

/**
 * Puts a user's attachments into their chat, for the prompt being stored in
 * `transaction`: each must be theirs and either waiting or already of this
 * chat (a send refused after its upload may be sent again). Returns them in
 * the order asked, or null when one is not found that way.
 */
export async function attachToChat(
  transaction: Pick<Database, "update">,
  input: { userId: string; chatId: string; attachmentIds: readonly string[] },
): Promise<AttachmentInfo[] | null> {
  const claimed: AttachmentInfo[] = [];
  // One at a time, in the prompt's order, each stamped by the clock (not the
  // transaction's start) and always after the chat's newest so far: the last is
  // the chat's newest even where the clock is coarse (PGlite's can stamp two
  // updates alike).
  const stamp = sql`greatest(clock_timestamp(), (select max(${sql.raw('"newest"."attached_at"')}) from ${attachments} as "newest" where ${sql.raw('"newest"."chat_id"')} = ${input.chatId}) + interval '1 microsecond')`;
  for (const id of new Set(input.attachmentIds)) {
    const [row] = await transaction
      .update(attachments)
      .set({ chatId: input.chatId, attachedAt: stamp })
      .where(and(eq(attachments.userId, input.userId), eq(attachments.id, id), sql`(${attachments.chatId} is null or ${attachments.chatId} = ${input.chatId})`))
      .returning(infoColumns);
    if (!row) return null;
    claimed.push(row);
  }
  return claimed;
}

/** Deletes a user's image that no prompt has carried yet (the composer's Remove); false when there is none such. */
export function deletePendingAttachment(input: QueryOptions & { userId: string; attachmentId: string }): Promise<boolean> {
  return runQuery("deletePendingAttachment", input, async (database) => {
    const deleted = await database
      .delete(attachments)
      .where(and(eq(attachments.id, input.attachmentId), eq(attachments.userId, input.userId), isNull(attachments.chatId)))
      .returning({ id: attachments.id });
    return deleted.length > 0;
  });
}

/** One attachment of a user's chat, bytes included; null when the chat or the image is not theirs. */
export function getChatAttachment(input: QueryOptions & { userId: string; chatId: string; attachmentId: string }): Promise<Attachment | null> {
  return runQuery("getChatAttachment", input, async (database) => {
    const [row] = await database
      .select()
      .from(attachments)
      .where(and(eq(attachments.id, input.attachmentId), eq(attachments.userId, input.userId), eq(attachments.chatId, input.chatId)))
      .limit(1);
    return row ?? null;
  });
}

/** Some attachments of a user's chat with their bytes (for the model), in no particular order; unknown ids are left out. */
export function listChatAttachmentBytes(input: QueryOptions & { userId: string; chatId: string; attachmentIds: readonly string[] }): Promise<Attachment[]> {
  if (input.attachmentIds.length === 0) return Promise.resolve([]);
  return runQuery("listChatAttachmentBytes", input, (database) =>
    database
      .select()
      .from(attachments)
      .where(and(eq(attachments.userId, input.userId), eq(attachments.chatId, input.chatId), inArray(attachments.id, [...input.attachmentIds]))),
  );
}

/** The id of the image attached last in a user's chat (what `Image generated="latest"` shows), or null. */
export function latestChatAttachmentId(input: QueryOptions & { userId: string; chatId: string }): Promise<string | null> {
  return runQuery("latestChatAttachmentId", input, async (database) => {
    const [row] = await database
      .select({ id: attachments.id })
      .from(attachments)
      .where(and(eq(attachments.userId, input.userId), eq(attachments.chatId, input.chatId)))
      .orderBy(desc(attachments.attachedAt), desc(attachments.id))
      .limit(1);
    return row?.id ?? null;
  });
}
