import { describe, expect, it } from "vitest";
import { MemoryChatBus, MemoryChatNetwork } from "../bus/memory-chat-bus";
import { ChatListHub } from "./chat-list-hub";

describe("ChatListHub", () => {
  it("tells the person's list viewers on this and every other instance, nobody else's", async () => {
    const network = new MemoryChatNetwork();
    const [firstBus, secondBus] = [new MemoryChatBus({ network }), new MemoryChatBus({ network })];
    const [first, second] = [new ChatListHub({ bus: firstBus }), new ChatListHub({ bus: secondBus })];
    const heard: string[] = [];
    first.subscribe("ana", () => heard.push("ana here"));
    second.subscribe("ana", () => heard.push("ana there"));
    second.subscribe("bo", () => heard.push("bo there"));
    first.announce("ana");
    await firstBus.flush();
    expect(heard).toEqual(["ana here", "ana there"]);
  });

  it("stops telling a viewer once it left, and forgets empty lists", async () => {
    const bus = new MemoryChatBus();
    const hub = new ChatListHub({ bus });
    let calls = 0;
    const leave = hub.subscribe("ana", () => (calls += 1));
    hub.announce("ana");
    leave();
    hub.announce("ana");
    expect(calls).toBe(1);
    expect(hub.viewerCount("ana")).toBe(0);
  });
});
