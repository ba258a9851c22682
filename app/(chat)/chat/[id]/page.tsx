import type { Metadata } from "next";
import { cache } from "react";
import { ChatConversation } from "@/app/_components/chat/conversation/chat-conversation";
import { chatDocumentTitle } from "@/app/_components/chat/conversation/chat-document-title";
import { ChatShell } from "@/app/_components/chat/shell/chat-shell";
import { guardPage } from "@/lib/auth/page-guard";
import { requireActor } from "@/lib/auth/policy";
import { getChatSettings } from "@/lib/chat/core/chat-settings-service";
import { getChatSnapshot, listChatSummaries } from "@/lib/chat/core/process-chat-core";
import { isAppError } from "@/lib/errors";
import { modelOptions } from "../../model-options";

/**
 * The chat as the person asking may see it, through the policy (the owner
 * only; anyone else is refused as if it did not exist). Cached for the
 * request, so the title and the page read it once and authorize the same way.
 */
const ownChat = cache(async (id: string) => {
  const actor = await requireActor();
  return { actor, snapshot: await getChatSnapshot({ actor, chatId: id }) };
});

/**
 * The tab is titled after the chat, for its owner only: anyone the page
 * refuses (signed out, someone else's chat, a missing one) gets the default
 * title, so a title never says that a chat exists.
 */
export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { id } = await params;
  try {
    const { snapshot } = await ownChat(id);
    return { title: { absolute: chatDocumentTitle(snapshot.chat.title) } };
  } catch (caught) {
    if (isAppError(caught)) return {};
    throw caught;
  }
}

/**
 * One chat: first rendered from its snapshot on the server (the live reply
 * included while one streams), then kept live by its channel in the browser.
 * The owner only: another person's chat id is not found, like a missing one.
 */
export default async function ChatPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const path = `/chat/${encodeURIComponent(id)}`;
  const { actor, snapshot } = await guardPage(path, () => ownChat(id));
  const chats = await listChatSummaries({ actor });
  const settings = await getChatSettings(actor, snapshot.chat.id);
  const { models } = modelOptions();
  return (
    <ChatShell actor={actor} chats={chats} currentChatId={snapshot.chat.id}>
      <ChatConversation key={snapshot.chat.id} snapshot={snapshot} models={models} settings={settings} />
    </ChatShell>
  );
}
