"use client";

import type { ChatSummary } from "@/lib/chat/wire";
import { chatActions } from "../actions/chat-actions";
import { ThreadList } from "./thread-list";

/** The thread list wired to the chat's server actions (a server component cannot hand functions to it). */
export function ThreadListWithActions({ chats, currentChatId }: { chats: readonly ChatSummary[]; currentChatId: string | null }) {
  return (
    <ThreadList
      chats={chats}
      currentChatId={currentChatId}
      actions={{
        rename: (chatId, title) => chatActions.renameChat({ chatId, title }),
        remove: (chatId) => chatActions.deleteChat({ chatId }),
      }}
    />
  );
}
