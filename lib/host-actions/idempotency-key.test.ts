import { describe, expect, it } from "vitest";
import { canonicalJson, hostActionKey } from "./idempotency-key";

const chosen = { messageId: "reply-1", blockId: "tests", choiceId: "rerun" };

describe("hostActionKey", () => {
  it("is one key for one request: the same choice from any turn, the same message from any reply, keys in any order", () => {
    const key = hostActionKey({ chatId: "chat", origin: { kind: "choice", chosen }, action: "rerun_tests", input: { branch: "main" } });
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(hostActionKey({ chatId: "chat", origin: { kind: "choice", chosen: { choiceId: "rerun", blockId: "tests", messageId: "reply-1" } }, action: "rerun_tests", input: { branch: "main" } })).toBe(key);
    const issue = { title: "T", body: "B", labels: ["a"] };
    expect(hostActionKey({ chatId: "chat", origin: { kind: "message", messageId: "m" }, action: "file_issue", input: issue })).toBe(
      hostActionKey({ chatId: "chat", origin: { kind: "message", messageId: "m" }, action: "file_issue", input: { labels: ["a"], body: "B", title: "T" } }),
    );
  });

  it("differs by chat, origin, action and arguments", () => {
    const base = { chatId: "chat", origin: { kind: "message" as const, messageId: "m" }, action: "rerun_tests" as const, input: { branch: "main" } };
    const key = hostActionKey(base);
    const others = [
      { ...base, chatId: "other" },
      { ...base, origin: { kind: "message" as const, messageId: "n" } },
      { ...base, origin: { kind: "choice" as const, chosen: { ...chosen, messageId: "m" } } },
      { ...base, action: "file_issue" as const },
      { ...base, input: { branch: "dev" } },
    ];
    for (const other of others) expect(hostActionKey(other), JSON.stringify(other)).not.toBe(key);
  });

  it("canonical JSON sorts keys at every level and drops undefined", () => {
    expect(canonicalJson({ b: [{ d: 1, c: 2 }], a: undefined, e: "x" })).toBe('{"b":[{"c":2,"d":1}],"e":"x"}');
  });
});
