/**
 * A blind pane's live channel with the model's self-identification masked
 * on the server, so no name reaches the browser while the run is blind. A
 * mask has the length of the name it hides, so every offset on the wire
 * (text deltas, preview ranges, a reply's block ranges) stays true. Text
 * deltas go through one streaming masker per reply, which holds back a tail
 * that could still become a name; every string of a preview, a card, a
 * stored message or a snapshot is masked whole.
 */
import type { ChatEvent, ChatSnapshot } from "@/lib/chat/wire";

/** The masking a blind run applies (lib/compare/masking, with the registry's names). */
export type Masking = {
  /** Masks every string inside a JSON value, keys aside. */
  maskJson<Value>(value: Value): Value;
  /** A streaming masker for one reply's text. */
  stream(): { push(delta: string): string };
};

/** Wraps `viewer` so that every event it gets is masked (see the file comment). */
export function maskedViewer(viewer: (event: ChatEvent) => void, masking: Masking): (event: ChatEvent) => void {
  // Per live reply: the streaming masker and how much masked text the viewer holds.
  const streams = new Map<string, { masker: { push(delta: string): string }; sent: number; received: number }>();
  const liveStream = (messageId: string, text: string) => {
    const masker = masking.stream();
    const sent = masker.push(text);
    streams.set(messageId, { masker, sent: sent.length, received: text.length });
    return sent;
  };
  return (event) => {
    switch (event.type) {
      case "snapshot": {
        const snapshot: ChatSnapshot = masking.maskJson(event.snapshot);
        const live = event.snapshot.live;
        viewer({ type: "snapshot", snapshot: live && snapshot.live ? { ...snapshot, live: { ...snapshot.live, text: liveStream(live.messageId, live.text) } } : snapshot });
        return;
      }
      case "reply-start":
        liveStream(event.messageId, "");
        viewer(event);
        return;
      case "text-delta": {
        const stream = streams.get(event.messageId) ?? { masker: masking.stream(), sent: 0, received: 0 };
        streams.set(event.messageId, stream);
        // Overlap with what was already received is dropped, as the viewer would drop it.
        const fresh = event.delta.slice(Math.max(0, stream.received - event.start));
        if (event.start > stream.received || fresh.length === 0) return;
        stream.received += fresh.length;
        const out = stream.masker.push(fresh);
        if (out.length === 0) return;
        viewer({ type: "text-delta", messageId: event.messageId, start: stream.sent, delta: out });
        stream.sent += out.length;
        return;
      }
      case "reply-end":
        streams.delete(event.message.id);
        viewer(masking.maskJson(event));
        return;
      default:
        viewer(masking.maskJson(event));
    }
  };
}
