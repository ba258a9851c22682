/**
 * The frame of every chat page (a server component): the site header with
 * the account menu, the person's chats beside the page (a drawer behind the
 * header's menu button at phone width: chat-drawer.tsx), and the page itself.
 */
import type { ReactNode } from "react";
import { SiteHeader } from "@/app/(auth)/_components/site-header";
import type { Actor } from "@/lib/auth/policy";
import type { ChatSummary } from "@/lib/chat/wire";
import { ThreadListWithActions } from "../thread-list/thread-list-with-actions";
import { ChatDrawer, ChatDrawerButton, ChatDrawerProvider } from "./chat-drawer";
import styles from "./chat-shell.module.css";

/** Props of `ChatShell`. */
export type ChatShellProps = {
  actor: Actor;
  chats: readonly ChatSummary[];
  currentChatId: string | null;
  children: ReactNode;
};

/** Header, thread list and page; see the module comment. */
export function ChatShell({ actor, chats, currentChatId, children }: ChatShellProps) {
  return (
    <ChatDrawerProvider>
      <div className={styles.shell}>
        <SiteHeader actor={actor} start={<ChatDrawerButton />} />
        <div className={styles.body}>
          <ChatDrawer>
            <ThreadListWithActions chats={chats} currentChatId={currentChatId} />
          </ChatDrawer>
          <main id="main" className={styles.main}>
            {children}
          </main>
        </div>
      </div>
    </ChatDrawerProvider>
  );
}
