import type { Metadata } from "next";
import { NewChat } from "@/app/_components/chat/conversation/new-chat";
import { ChatShell } from "@/app/_components/chat/shell/chat-shell";
import { guardPage } from "@/lib/auth/page-guard";
import { requireActor } from "@/lib/auth/policy";
import { listChatSummaries } from "@/lib/chat/core/process-chat-core";
import { preferencesOf } from "@/lib/preferences/preferences-service";
import { examplePrompts } from "./example-prompts";
import { modelOptions } from "./model-options";

/** The page title. */
export const metadata: Metadata = { title: "New chat" };

/** A new chat: example prompts, the composer and the model picker (the person's model for new chats first); the first message creates the chat. Signed-in only. */
export default async function NewChatPage() {
  const actor = await guardPage("/", () => requireActor());
  const chats = await listChatSummaries({ actor });
  const { models } = modelOptions();
  const { defaultModelId } = await preferencesOf(actor);
  return (
    <ChatShell actor={actor} chats={chats} currentChatId={null}>
      <NewChat
        models={models}
        defaultModelId={defaultModelId}
        examples={examplePrompts()}
        greeting={actor.isGuest ? "Welcome — you are chatting as a guest" : `Welcome, ${actor.name}`}
      />
    </ChatShell>
  );
}
