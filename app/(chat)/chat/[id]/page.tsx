import type { Metadata } from "next";
import { ChatConversation } from "@/app/_components/chat/conversation/chat-conversation";
import { ChatShell } from "@/app/_components/chat/shell/chat-shell";
import { guardPage } from "@/lib/auth/page-guard";
import { requireActor } from "@/lib/auth/policy";
import { getChatSnapshot, listChatSummaries } from "@/lib/chat/core/process-chat-core";
import { modelOptions } from "../../model-options";

/** The page title. */
export const metadata: Metadata = { title: "Chat" };

/**
 * One chat: first rendered from its snapshot on the server (the live reply
 * included while one streams), then kept live by its channel in the browser.
 * The owner only: another person's chat id is not found, like a missing one.
 */
export default async function ChatPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const path = `/chat/${encodeURIComponent(id)}`;
  const { actor, snapshot } = await guardPage(path, async () => {
    const actor = await requireActor();
    return { actor, snapshot: await getChatSnapshot({ actor, chatId: id }) };
  });
  const chats = await listChatSummaries({ actor });
  const { models } = modelOptions();
  return (
    <ChatShell actor={actor} chats={chats} currentChatId={snapshot.chat.id}>
      <ChatConversation key={snapshot.chat.id} snapshot={snapshot} models={models} />
    </ChatShell>
  );
}
