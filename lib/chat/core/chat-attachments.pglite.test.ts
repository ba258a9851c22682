/**
 * Attached images through the chat core, against a real OpenAI-compatible
 * server on 127.0.0.1 (a small one of this test's own, answering as
 * llama.cpp or vLLM would): a model configured to read images receives the
 * prompt's image as a `data:` image part beside the note naming its id; one
 * that is not receives the note only. A reply's `Image generated="latest"`
 * is stored as the chat's newest image, and an image that is not the
 * sender's is refused with nothing stored. On the embedded database.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { storePendingAttachment } = await import("@/db/queries/attachments");
const { listMessages } = await import("@/db/queries/messages");
const { newAttachmentId } = await import("@/lib/attachments/attachment-access");
const { solidPng } = await import("@/lib/attachments/testing/solid-png");
const { createModelRegistry } = await import("@/lib/models/registry");
const { MemoryChatBus } = await import("../bus/memory-chat-bus");
const { createTestActor, openTestDatabase } = await import("../testing/chat-test-setup");
const { ChatCore } = await import("./chat-core");

/** What the model answers: a block showing the latest image. */
const REPLY = 'Here it is.\n\n```ui\n<Image generated="latest" alt="Your chart"/>\n```\n';

type ChatRequest = { model: string; messages: { role: string; content: string | { type: string; text?: string; image_url?: { url: string } }[] }[] };

/** A chat-completions server streaming `REPLY`, keeping every request body. */
function startServer(requests: ChatRequest[]): Promise<Server> {
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      requests.push(JSON.parse(body) as ChatRequest);
      response.writeHead(200, { "content-type": "text/event-stream" });
      const chunk = (delta: object, finish: string | null = null) =>
        `data: ${JSON.stringify({ id: "c1", object: "chat.completion.chunk", created: 0, model: "vision", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      response.write(chunk({ role: "assistant", content: "" }));
      for (const piece of REPLY.match(/[\s\S]{1,12}/g) ?? []) response.write(chunk({ content: piece }));
      response.write(chunk({}, "stop"));
      response.end("data: [DONE]\n\n");
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

describe("attached images through the chat core and a real OpenAI-compatible server", () => {
  const requests: ChatRequest[] = [];
  let server: Server;
  let release: () => Promise<void>;

  beforeAll(async () => {
    server = await startServer(requests);
    release = (await openTestDatabase("pglite")).release;
  }, 60_000);

  afterAll(async () => {
    await release?.();
    await new Promise((resolve) => server?.close(resolve));
  });

  function core(images: boolean, prompt?: "compact") {
    const { port } = server.address() as AddressInfo;
    const registry = createModelRegistry({
      environment: {
        OPENAI_COMPATIBLE_BASE_URL: `http://127.0.0.1:${port}/v1`,
        OPENAI_COMPATIBLE_MODELS: "vision",
        ...(images ? { OPENAI_COMPATIBLE_IMAGES: "1" } : {}),
        ...(prompt ? { OPENAI_COMPATIBLE_PROMPT: prompt } : {}),
      },
      personas: [],
    });
    return new ChatCore({ bus: new MemoryChatBus(), models: registry });
  }

  async function upload(userId: string) {
    const bytes = solidPng(6, 4, [10, 200, 90]);
    const stored = await storePendingAttachment({ userId, attachment: { id: newAttachmentId(), mediaType: "image/png", name: "chart.png", bytes, width: 6, height: 4 }, maxPending: 10 });
    if (stored.kind !== "stored") throw new Error(stored.kind);
    return { id: stored.attachment.id, bytes };
  }

  it.each([true, false])("sends the image to a model that reads images (%s), and names it either way", async (images) => {
    const chats = core(images);
    try {
      const person = await createTestActor();
      const image = await upload(person.userId);
      requests.length = 0;
      const sent = await chats.sendMessage(person, { prompt: "What is in this chart?", modelId: "compatible:vision", attachmentIds: [image.id] });
      await chats.idle();
      const user = requests[0]?.messages.find((message) => message.role === "user");
      const parts = Array.isArray(user?.content) ? user.content : [];
      expect(parts[0]).toEqual({ type: "text", text: "What is in this chart?" });
      expect(parts[1]?.type).toBe("text");
      expect(parts[1]?.text).toContain(`<Image attachment="${image.id}"`);
      const imageParts = parts.filter((part) => part.type === "image_url");
      expect(imageParts).toEqual(images ? [{ type: "image_url", image_url: { url: `data:image/png;base64,${image.bytes.toString("base64")}` } }] : []);
      // The reply's latest image is this one, in the stored tree.
      const stored = await listMessages({ userId: person.userId, chatId: sent.chat.id });
      const reply = stored.find((message) => message.role === "assistant");
      expect(reply?.status).toBe("complete");
      expect(JSON.stringify(reply?.ui)).toContain(`"attachment":"${image.id}"`);
      expect(stored.find((message) => message.role === "user")?.attachments).toEqual([{ id: image.id, name: "chart.png", mediaType: "image/png", sizeBytes: image.bytes.byteLength, width: 6, height: 4 }]);
    } finally {
      await chats.close();
    }
  });

  it("keeps a prompt's images on its edited version, and the model receives them again", async () => {
    const chats = core(true);
    try {
      const person = await createTestActor();
      const image = await upload(person.userId);
      const sent = await chats.sendMessage(person, { prompt: "What is this?", modelId: "compatible:vision", attachmentIds: [image.id] });
      await chats.idle();
      requests.length = 0;
      await chats.editMessage(person, { chatId: sent.chat.id, messageId: sent.userMessageId, prompt: "What colour is this?", modelId: "compatible:vision" });
      await chats.idle();
      const stored = await listMessages({ userId: person.userId, chatId: sent.chat.id });
      const edited = stored.find((message) => message.role === "user" && message.text === "What colour is this?");
      expect(edited?.attachments).toEqual([expect.objectContaining({ id: image.id })]);
      const user = requests[0]?.messages.filter((message) => message.role === "user").at(-1);
      expect(Array.isArray(user?.content) && user.content.some((part) => part.type === "image_url")).toBe(true);
    } finally {
      await chats.close();
    }
  });

  it("gives a server's models the compact system prompt when OPENAI_COMPATIBLE_PROMPT says compact", async () => {
    const systemOf = async (prompt?: "compact") => {
      const chats = core(false, prompt);
      try {
        requests.length = 0;
        await chats.sendMessage(await createTestActor(), { prompt: "Hello", modelId: "compatible:vision" });
        await chats.idle();
        const system = requests[0]?.messages.find((message) => message.role === "system")?.content;
        return typeof system === "string" ? system : "";
      } finally {
        await chats.close();
      }
    };
    const full = await systemOf();
    const compact = await systemOf("compact");
    // The compact prompt is the signature list without the component reference, and much shorter.
    expect(full).toContain("\n# ui components\n");
    expect(compact).not.toContain("\n# ui components\n");
    expect(compact).toContain("\n## Components\n");
    expect(compact.length).toBeLessThan(full.length * 0.6);
  });

  it("refuses a prompt carrying another person's image, storing nothing and calling no model", async () => {
    const chats = core(true);
    try {
      const owner = await createTestActor("Owner");
      const thief = await createTestActor("Thief");
      const image = await upload(owner.userId);
      requests.length = 0;
      await expect(chats.sendMessage(thief, { prompt: "Mine now", modelId: "compatible:vision", attachmentIds: [image.id] })).rejects.toMatchObject({ code: "bad_request:attachment" });
      await chats.idle();
      expect(requests).toEqual([]);
      // The chat the first prompt would have opened is not left behind empty.
      expect(await chats.listChats(thief)).toEqual([]);
    } finally {
      await chats.close();
    }
  });
});
