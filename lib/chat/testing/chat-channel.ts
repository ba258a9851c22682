/**
 * A chat's live channel as the process suites read it: its events parsed
 * with the wire schema, a wait for one of a type, and the text a reply's
 * deltas build, checked to join without a gap. Test-only.
 */
import { expect } from "vitest";
import type { BenchSession } from "../bench/bench-client";
import { ChatEventSchema, type ChatEvent } from "../wire";
import { openEventChannel, type EventChannel } from "./event-channel";

/** A chat's open channel. */
export type ChatChannel = {
  channel: EventChannel;
  /** The first event of `type` that `match` accepts (already received or later). */
  event: <Type extends ChatEvent["type"]>(type: Type, match?: (event: Extract<ChatEvent, { type: Type }>) => boolean, timeoutMs?: number) => Promise<Extract<ChatEvent, { type: Type }>>;
  /** Every event so far. */
  all: () => ChatEvent[];
};

/** Opens the chat's channel on the instance `on` names, with its session. */
export async function watchChat(on: BenchSession, chatId: string): Promise<ChatChannel> {
  const channel = await openEventChannel({ url: `${on.baseUrl}/api/chats/${chatId}/events`, cookie: on.cookie });
  const event = <Type extends ChatEvent["type"]>(type: Type, match: (event: Extract<ChatEvent, { type: Type }>) => boolean = () => true, timeoutMs?: number) =>
    channel.waitFor((data) => {
      const parsed = ChatEventSchema.parse(data);
      return parsed.type === type && match(parsed as Extract<ChatEvent, { type: Type }>) ? (parsed as Extract<ChatEvent, { type: Type }>) : undefined;
    }, timeoutMs);
  const all = () => channel.events.map((entry) => ChatEventSchema.parse(entry.data));
  return { channel, event, all };
}

/** Text of a reply as its deltas built it on top of `from`, checking they join without a gap. */
export function rebuiltText(events: readonly ChatEvent[], messageId: string, from = ""): string {
  let text = from;
  for (const event of events) {
    if (event.type !== "text-delta" || event.messageId !== messageId) continue;
    expect(event.start).toBeLessThanOrEqual(text.length);
    text += event.delta.slice(text.length - event.start);
  }
  return text;
}

/**
 * Channels opened through `watch`, closed by `closeAll` (a suite's afterEach):
 * a test that fails leaves none open, since a server waits for its open
 * channels before it stops.
 */
export function channelTracker(): { watch: typeof watchChat; closeAll: () => void } {
  const open: ChatChannel[] = [];
  return {
    watch: async (on, chatId) => {
      const opened = await watchChat(on, chatId);
      open.push(opened);
      return opened;
    },
    closeAll: () => {
      for (const opened of open.splice(0)) opened.channel.close();
    },
  };
}
