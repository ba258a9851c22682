import { describe, expect, it } from "vitest";
import type { ChatSignal } from "./chat-signal";
import { MemoryChatBus, MemoryChatNetwork } from "./memory-chat-bus";

describe("MemoryChatBus", () => {
  it("delivers to every other bus on the network, in order, never back to the sender", async () => {
    const network = new MemoryChatNetwork();
    const [first, second, third] = [new MemoryChatBus({ network }), new MemoryChatBus({ network }), new MemoryChatBus({ network })];
    const heard = new Map<string, ChatSignal[]>();
    for (const bus of [first, second, third]) {
      const list: ChatSignal[] = [];
      heard.set(bus.instanceId, list);
      bus.onSignal((signal) => list.push(signal));
    }
    const signals: ChatSignal[] = Array.from({ length: 20 }, (_, index) => ({ type: "text", chatId: "c", messageId: "m", start: index, delta: "x" }));
    for (const signal of signals) first.publish(signal);
    await first.flush();
    expect(heard.get(first.instanceId)).toEqual([]);
    expect(heard.get(second.instanceId)).toEqual(signals);
    expect(heard.get(third.instanceId)).toEqual(signals);
  });

  it("drops what does not parse as a signal, and stops after close", async () => {
    const network = new MemoryChatNetwork();
    const sender = new MemoryChatBus({ network });
    const receiver = new MemoryChatBus({ network });
    const heard: ChatSignal[] = [];
    receiver.onSignal((signal) => heard.push(signal));
    receiver.receive(JSON.stringify({ type: "stop" }));
    await receiver.close();
    sender.publish({ type: "stop", chatId: "c" });
    await sender.flush();
    expect(heard).toEqual([]);
  });
});
