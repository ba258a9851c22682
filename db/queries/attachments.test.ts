/**
 * The attachment queries on both databases (a fresh in-memory PGlite and a
 * fresh Postgres database): bytes kept exactly, the pending cap, a prompt
 * taking its images into its chat in its own transaction (or refused whole),
 * every read scoped by owner and chat, the newest image of a chat, and the
 * cascade when the chat goes.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { openDatabase, migrateDatabase } = await import("../client");
const { createChat, deleteChat } = await import("./chats");
const { appendMessage, ATTACHMENT_GONE_MESSAGE } = await import("./messages");
const { deletePendingAttachment, getChatAttachment, latestChatAttachmentId, listChatAttachmentBytes, storePendingAttachment } = await import("./attachments");
const { eq } = await import("drizzle-orm");
const { attachments, users } = await import("../schema");
const { openTestPostgres } = await import("../open-test-postgres");
const { newAttachmentId } = await import("@/lib/attachments/attachment-access");
const { readAttachmentRefs } = await import("@/lib/attachments/attachment-record");
const { solidPng } = await import("@/lib/attachments/testing/solid-png");

type Connection = ReturnType<typeof openDatabase>;
type Database = Connection["database"];

async function openTarget(kind: "PGlite" | "Postgres"): Promise<{ connection: Connection; release: () => Promise<void> }> {
  if (kind === "PGlite") {
    const connection = openDatabase({ dataDir: "memory://" });
    return { connection, release: () => connection.close() };
  }
  return openTestPostgres();
}

describe.each(["PGlite", "Postgres"] as const)("attachment queries on %s", (kind) => {
  let database: Database;
  let release: () => Promise<void>;

  beforeAll(async () => {
    const target = await openTarget(kind);
    await migrateDatabase(target.connection);
    database = target.connection.database;
    release = target.release;
  }, 60_000);
  afterAll(async () => release?.());

  async function person() {
    const userId = `user-${crypto.randomUUID()}`;
    await database.insert(users).values({ id: userId, name: "Person", email: `${userId}@example.test` });
    const chat = await createChat({ database, userId, title: "Chat", modelId: "replay:default" });
    return { userId, chatId: chat.id };
  }

  async function upload(userId: string, bytes: Uint8Array = solidPng(3, 2), maxPending = 10) {
    const result = await storePendingAttachment({ database, userId, attachment: { id: newAttachmentId(), mediaType: "image/png", name: "a.png", bytes, width: 3, height: 2 }, maxPending });
    if (result.kind !== "stored") throw new Error(result.kind);
    return result.attachment;
  }

  it("keeps the bytes exactly and serves them only within the chat its prompt was sent in", async () => {
    const owner = await person();
    const bytes = solidPng(3, 2, [1, 2, 3]);
    const pending = await upload(owner.userId, bytes);
    expect(pending.chatId).toBeNull();
    expect(await getChatAttachment({ database, ...owner, attachmentId: pending.id })).toBeNull();
    const prompt = await appendMessage({ database, ...owner, message: { role: "user", text: "Look", attachmentIds: [pending.id] } });
    expect(readAttachmentRefs(prompt?.attachments)).toEqual([{ id: pending.id, name: "a.png", mediaType: "image/png", sizeBytes: bytes.byteLength, width: 3, height: 2 }]);
    const served = await getChatAttachment({ database, ...owner, attachmentId: pending.id });
    expect(Buffer.from(served!.bytes).equals(bytes)).toBe(true);
    // The same person's other chat, and another person naming the owner's chat, find nothing.
    const otherChat = await createChat({ database, userId: owner.userId, title: "Other", modelId: "replay:default" });
    expect(await getChatAttachment({ database, userId: owner.userId, chatId: otherChat.id, attachmentId: pending.id })).toBeNull();
    const stranger = await person();
    expect(await getChatAttachment({ database, userId: stranger.userId, chatId: owner.chatId, attachmentId: pending.id })).toBeNull();
    expect(await listChatAttachmentBytes({ database, userId: stranger.userId, chatId: owner.chatId, attachmentIds: [pending.id] })).toEqual([]);
  });

  it("refuses a prompt naming another person's image, or one sent in another chat, and stores nothing", async () => {
    const owner = await person();
    const stranger = await person();
    const theirs = await upload(stranger.userId);
    await expect(appendMessage({ database, ...owner, message: { role: "user", text: "Steal", attachmentIds: [theirs.id] } })).rejects.toMatchObject({
      code: "bad_request:attachment",
      publicMessage: ATTACHMENT_GONE_MESSAGE,
    });
    const mine = await upload(owner.userId);
    await appendMessage({ database, ...owner, message: { role: "user", text: "First", attachmentIds: [mine.id] } });
    const otherChat = await createChat({ database, userId: owner.userId, title: "Other", modelId: "replay:default" });
    await expect(appendMessage({ database, userId: owner.userId, chatId: otherChat.id, message: { role: "user", text: "Again", attachmentIds: [mine.id] } })).rejects.toMatchObject({
      code: "bad_request:attachment",
    });
    // Refused whole: a good image beside a bad one stays waiting, and no prompt was stored.
    const waiting = await upload(owner.userId);
    await expect(appendMessage({ database, userId: owner.userId, chatId: otherChat.id, message: { role: "user", text: "Mixed", attachmentIds: [waiting.id, theirs.id] } })).rejects.toMatchObject({
      code: "bad_request:attachment",
    });
    const [row] = await database.select({ chatId: attachments.chatId }).from(attachments).where((await import("drizzle-orm")).eq(attachments.id, waiting.id));
    expect(row?.chatId).toBeNull();
    expect(await latestChatAttachmentId({ database, userId: owner.userId, chatId: otherChat.id })).toBeNull();
    // Sending the same image again in its own chat (a retried send) is allowed.
    await appendMessage({ database, ...owner, message: { role: "user", text: "Again here", attachmentIds: [mine.id] } });
  });

  it("names the chat's newest image, and caps the images waiting to be sent", async () => {
    const owner = await person();
    const first = await upload(owner.userId);
    const second = await upload(owner.userId);
    await appendMessage({ database, ...owner, message: { role: "user", text: "One", attachmentIds: [first.id] } });
    expect(await latestChatAttachmentId({ database, ...owner })).toBe(first.id);
    await appendMessage({ database, ...owner, message: { role: "user", text: "Two", attachmentIds: [second.id] } });
    expect(await latestChatAttachmentId({ database, ...owner })).toBe(second.id);
    // Several in one prompt: the last one attached is the newest.
    const images = [await upload(owner.userId), await upload(owner.userId), await upload(owner.userId)];
    await appendMessage({ database, ...owner, message: { role: "user", text: "Three", attachmentIds: images.map((image) => image.id) } });
    expect(await latestChatAttachmentId({ database, ...owner })).toBe(images[2]?.id);
    const capped = await person();
    await Promise.all([upload(capped.userId, undefined, 2), upload(capped.userId, undefined, 2)]);
    const third = await storePendingAttachment({ database, userId: capped.userId, attachment: { id: newAttachmentId(), mediaType: "image/png", name: "c.png", bytes: solidPng(1, 1) }, maxPending: 2 });
    expect(third).toEqual({ kind: "too-many-pending", count: 2 });
  });

  it("discards only the owner's images no prompt carries yet, and those left waiting a day at the next upload", async () => {
    const owner = await person();
    const stranger = await person();
    const waiting = await upload(owner.userId);
    const sent = await upload(owner.userId);
    await appendMessage({ database, ...owner, message: { role: "user", text: "Sent", attachmentIds: [sent.id] } });
    expect(await deletePendingAttachment({ database, userId: stranger.userId, attachmentId: waiting.id })).toBe(false);
    expect(await deletePendingAttachment({ database, userId: owner.userId, attachmentId: sent.id })).toBe(false);
    expect(await deletePendingAttachment({ database, userId: owner.userId, attachmentId: waiting.id })).toBe(true);
    expect(await getChatAttachment({ database, ...owner, attachmentId: sent.id })).not.toBeNull();
    const stale = await upload(owner.userId);
    await database.update(attachments).set({ createdAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(attachments.id, stale.id));
    await upload(owner.userId);
    expect(await database.select({ id: attachments.id }).from(attachments).where(eq(attachments.id, stale.id))).toEqual([]);
  });

  it("goes with its chat", async () => {
    const owner = await person();
    const image = await upload(owner.userId);
    await appendMessage({ database, ...owner, message: { role: "user", text: "Bye", attachmentIds: [image.id] } });
    await deleteChat({ database, ...owner });
    expect(await database.select({ id: attachments.id }).from(attachments).where((await import("drizzle-orm")).eq(attachments.id, image.id))).toEqual([]);
  });
});
