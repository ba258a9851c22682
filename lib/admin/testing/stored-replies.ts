/**
 * Test support for the admin view: people as real user rows (admins by
 * role, guests by better-auth's anonymous flag) and replies stored the way
 * the chat core stores them — the final compile of the text through a
 * `UiStream`, then `storeReply`. Test-only.
 */
import { eq } from "drizzle-orm";
import { getDatabase } from "@/db/client";
import { createChat } from "@/db/queries/chats";
import { appendMessage } from "@/db/queries/messages";
import { users } from "@/db/schema";
import type { Actor } from "@/lib/auth/policy";
import { storeReply } from "@/lib/chat/final/store-reply";
import type { ToolCard } from "@/lib/chat/wire";
import { parseGenuiSpec } from "@/lib/genui/parse/parse-genui-spec";
import { PROJECT_QUERY_SCHEMAS } from "@/lib/project/query-sources";
import { UiStream } from "@/lib/ui/stream/stream";

/** A person with a real user row; `admin` gives the row the admin role, `guest` marks it anonymous. */
export async function createPerson(options: { name?: string; admin?: boolean; guest?: boolean } = {}): Promise<Actor & { email: string }> {
  const database = await getDatabase();
  const id = crypto.randomUUID();
  const email = options.guest ? `temp-${id}@anonymous.placeholder.invalid` : `${id}@example.test`;
  const name = options.name ?? (options.guest ? "Guest" : "Person");
  await database.insert(users).values({ id, name, email, role: options.admin ? "admin" : "user", isAnonymous: options.guest === true });
  const [row] = await database.select({ role: users.role }).from(users).where(eq(users.id, id));
  return { userId: id, role: row?.role ?? "user", isGuest: options.guest === true, name, email };
}

/** A `render_ui` card as the chat makes one from a tool call's input. */
export function toolCard(id: string, input: unknown, textOffset = 0): ToolCard {
  const parsed = parseGenuiSpec(input, { surface: "tool" });
  return { id, name: "render_ui", textOffset, spec: parsed.spec, diagnostics: parsed.diagnostics };
}

/** Stores a prompt and its reply in a new or given chat, as the chat core does; returns the reply's id and its chat. */
export async function storeTestReply(input: {
  owner: Actor;
  text: string;
  model?: string;
  chatId?: string;
  prompt?: string;
  tools?: ToolCard[];
}): Promise<{ messageId: string; chatId: string }> {
  const chatId = input.chatId ?? (await createChat({ userId: input.owner.userId, title: input.prompt ?? "Test chat", modelId: input.model ?? "replay:default" })).id;
  await appendMessage({ userId: input.owner.userId, chatId, message: { role: "user", text: input.prompt ?? "Show me something" } });
  const messageId = crypto.randomUUID();
  const blocks = new UiStream({ id: messageId, querySchemas: PROJECT_QUERY_SCHEMAS, emit: () => {} }).finish(input.text);
  const stored = await storeReply({
    userId: input.owner.userId,
    chatId,
    messageId,
    model: input.model ?? "replay:default",
    status: "complete",
    error: null,
    text: input.text,
    blocks,
    tools: input.tools ?? [],
    actionPanelId: null,
  });
  if (!stored) throw new Error("the reply was not stored");
  return { messageId, chatId };
}
