/**
 * Who watches a person's chat list on this instance, and telling them (and
 * the other instances, over the chat bus) when it changed: a chat was
 * created, renamed, deleted or moved up by a new message. A viewer is only
 * told *that* the list changed; it loads the list itself, scoped by the
 * person (lib/chat/events/chat-list-stream.ts), so a signal carries no titles.
 */
import type { ChatBus } from "../bus/chat-bus";

/** Called when the person's list changed. */
export type ChatListViewer = () => void;

/** Chat list viewers of one instance (see the file comment). */
export class ChatListHub {
  private readonly bus: ChatBus;
  private readonly viewers = new Map<string, Set<ChatListViewer>>();
  private readonly stopListening: () => void;

  /** A hub hearing `chat-list` signals on `bus`. */
  constructor(options: { bus: ChatBus }) {
    this.bus = options.bus;
    this.stopListening = this.bus.onSignal((signal) => {
      if (signal.type === "chat-list") this.emit(signal.userId);
    });
  }

  /** Adds a viewer of `userId`'s list; returns its removal. */
  subscribe(userId: string, viewer: ChatListViewer): () => void {
    let set = this.viewers.get(userId);
    if (!set) {
      set = new Set();
      this.viewers.set(userId, set);
    }
    set.add(viewer);
    return () => {
      const current = this.viewers.get(userId);
      current?.delete(viewer);
      if (current?.size === 0) this.viewers.delete(userId);
    };
  }

  /** How many viewers follow `userId`'s list here. */
  viewerCount(userId: string): number {
    return this.viewers.get(userId)?.size ?? 0;
  }

  /** Tells `userId`'s list viewers here and on every other instance that the list changed. */
  announce(userId: string): void {
    this.emit(userId);
    this.bus.publish({ type: "chat-list", userId });
  }

  /** Tells every list viewer here to load its list again: the bus missed what other instances announced while it could not listen. */
  catchUp(): void {
    for (const userId of [...this.viewers.keys()]) this.emit(userId);
  }

  /** Stops hearing the bus and forgets every viewer. */
  close(): void {
    this.stopListening();
    this.viewers.clear();
  }

  private emit(userId: string): void {
    for (const viewer of [...(this.viewers.get(userId) ?? [])]) {
      try {
        viewer();
      } catch (caught) {
        console.error("chat list hub: a viewer failed", caught);
      }
    }
  }
}
