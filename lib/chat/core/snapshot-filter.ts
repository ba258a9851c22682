/**
 * What a new viewer still needs after its snapshot. Events that arrived
 * while the snapshot was being read may already be in it: a message or an
 * ended reply already in the thread, text the live reply already holds, an
 * older preview, a card already listed. The filter drops those and trims a
 * text delta to the part the snapshot lacks, so a viewer can apply every
 * event it gets without checking.
 */
import type { ChatEvent, ChatSnapshot } from "../wire";

/** A filter over the events held while `snapshot` was read: the event to deliver, or null. */
export function snapshotFilter(snapshot: ChatSnapshot): (event: ChatEvent) => ChatEvent | null {
  const messageIds = new Set(snapshot.messages.map((message) => message.id));
  const live = snapshot.live;
  return (event) => {
    switch (event.type) {
      case "message":
        return messageIds.has(event.message.id) ? null : event;
      case "reply-end":
        return messageIds.has(event.message.id) ? null : event;
      case "reply-start":
        return live?.messageId === event.messageId ? null : event;
      case "text-delta": {
        if (live?.messageId !== event.messageId) return event;
        const end = event.start + event.delta.length;
        if (end <= live.text.length) return null;
        if (event.start >= live.text.length) return event;
        return { ...event, start: live.text.length, delta: event.delta.slice(live.text.length - event.start) };
      }
      case "preview":
        return live?.messageId === event.messageId && event.textLength <= live.textLength ? null : event;
      case "tool":
        return live?.messageId === event.messageId && live.tools.some((card) => card.id === event.card.id) ? null : event;
      default:
        return event;
    }
  };
}
