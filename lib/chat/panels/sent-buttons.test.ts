import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../wire";
import { buttonPressKey, choicePickKey, sentButtonKeys } from "./sent-buttons";

const PRESS = { messageId: "reply-1", fenceIndex: 0, button: "items[5]" };
let sequence = 0;
const base = () => ({ chatId: "chat", sequence: ++sequence, text: "", silent: false, createdAt: new Date(0).toISOString() });
const form: ChatMessage = { ...base(), id: "reply-1", role: "assistant", receipt: [], status: "complete", model: "replay:default" };
const press = (pressed?: typeof PRESS): ChatMessage => ({ ...base(), id: `press-${sequence}`, role: "user", kind: "action", action: { label: "Submit", fields: [], ...(pressed ? { pressed } : {}) } });
const PICK = { messageId: "reply-1", blockId: "build", choiceId: "rerun" };
const pick = (chosen?: typeof PICK): ChatMessage => ({ ...base(), id: `pick-${sequence}`, role: "user", kind: "choice", action: { label: "Re-run", fields: [], ...(chosen ? { chosen } : {}) } });
const reply = (status: "complete" | "stopped" | "error"): ChatMessage => ({ ...base(), id: `reply-${sequence}`, role: "assistant", receipt: [], status, model: "replay:default" });

describe("sentButtonKeys", () => {
  it("a press answered, or still being answered, spends its button", () => {
    expect(sentButtonKeys([form, press(PRESS), reply("complete")])).toEqual(new Set([buttonPressKey(PRESS)]));
    expect(sentButtonKeys([form, press(PRESS)])).toEqual(new Set([buttonPressKey(PRESS)]));
  });
  it("a press whose reply stopped or failed does not: the person may try again", () => {
    expect(sentButtonKeys([form, press(PRESS), reply("stopped")])).toEqual(new Set());
    expect(sentButtonKeys([form, press(PRESS), reply("error"), press(PRESS), reply("complete")])).toEqual(new Set([buttonPressKey(PRESS)]));
  });
  it("an action turn stored before presses were recorded spends nothing", () => {
    expect(sentButtonKeys([form, press(), reply("complete")])).toEqual(new Set());
  });
  it("keys tell buttons, fences and replies apart", () => {
    const keys = [PRESS, { ...PRESS, button: "items[6]" }, { ...PRESS, fenceIndex: 1 }, { ...PRESS, messageId: "reply-2" }].map(buttonPressKey);
    expect(new Set(keys).size).toBe(4);
  });
  it("a choice picked is spent the same way: answered or being answered, not when its reply stopped or failed", () => {
    expect(sentButtonKeys([form, pick(PICK), reply("complete")])).toEqual(new Set([choicePickKey(PICK)]));
    expect(sentButtonKeys([form, pick(PICK)])).toEqual(new Set([choicePickKey(PICK)]));
    expect(sentButtonKeys([form, pick(PICK), reply("stopped")])).toEqual(new Set());
    expect(sentButtonKeys([form, pick(), reply("complete")])).toEqual(new Set());
  });
  it("keys tell choices, blocks and replies apart, and never match a button's", () => {
    const keys = [PICK, { ...PICK, choiceId: "other" }, { ...PICK, blockId: "other" }, { ...PICK, messageId: "reply-2" }].map(choicePickKey);
    expect(new Set([...keys, buttonPressKey({ messageId: "build", fenceIndex: 0, button: "rerun" })]).size).toBe(5);
  });
});
