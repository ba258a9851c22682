import { describe, expect, it } from "vitest";
import { canonicalJson, hostActionKey } from "./idempotency-key";

const chosen = { messageId: "reply-1", blockId: "tests", choiceId: "rerun_tests" };

describe("hostActionKey", () => {
  it("is one key for one request and place: the same choice from any turn, whatever the person set on it", () => {
    const key = hostActionKey({ chatId: "chat", origin: { kind: "choice", chosen, fields: [] }, action: "rerun_tests", position: 0 });
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    const fromAnotherTab = { kind: "choice" as const, chosen: { choiceId: "rerun_tests", blockId: "tests", messageId: "reply-1" }, fields: [{ label: "Branch", value: "main" }] };
    expect(hostActionKey({ chatId: "chat", origin: fromAnotherTab, action: "rerun_tests", position: 0 })).toBe(key);
  });

  it("never reads the model's arguments: a regenerated call with a trailing space is the same request", () => {
    // The key has no input at all; the type says so, and the same place gives the same key.
    const base = { chatId: "chat", origin: { kind: "message" as const, messageId: "prompt" }, action: "file_issue" as const, position: 0 };
    expect(hostActionKey({ ...base, input: { body: "Steps" } } as typeof base)).toBe(hostActionKey({ ...base, input: { body: "Steps " } } as typeof base));
  });

  it("differs by chat, request, action and place", () => {
    const base = { chatId: "chat", origin: { kind: "message" as const, messageId: "m" }, action: "rerun_tests" as const, position: 0 };
    const key = hostActionKey(base);
    const others = [
      { ...base, chatId: "other" },
      { ...base, origin: { kind: "message" as const, messageId: "n" } },
      { ...base, origin: { kind: "choice" as const, chosen: { ...chosen, messageId: "m" }, fields: [] } },
      { ...base, action: "file_issue" as const },
      { ...base, position: 1 },
    ];
    for (const other of others) expect(hostActionKey(other), JSON.stringify(other)).not.toBe(key);
  });

  it("canonical JSON sorts keys at every level and drops undefined", () => {
    expect(canonicalJson({ b: [{ d: 1, c: 2 }], a: undefined, e: "x" })).toBe('{"b":[{"c":2,"d":1}],"e":"x"}');
  });
});
