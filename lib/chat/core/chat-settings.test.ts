import { describe, expect, it } from "vitest";
import {
  applyChatSettingsChange,
  parseChatSettingsForm,
  readChatSettings,
  SYSTEM_ADDITION_MAX_CHARACTERS,
  SYSTEM_ADDITION_TOO_LONG_MESSAGE,
  TEMPERATURE_RANGE_MESSAGE,
  withSystemAddition,
} from "./chat-settings";

describe("parseChatSettingsForm", () => {
  it("reads instructions and a temperature, a comma as a decimal point", () => {
    expect(parseChatSettingsForm({ systemAddition: "Answer in French.", temperature: "0,7" })).toEqual({
      ok: true,
      change: { systemAddition: "Answer in French.", temperature: 0.7 },
    });
    expect(parseChatSettingsForm({ systemAddition: "", temperature: " 2 " })).toEqual({ ok: true, change: { temperature: 2 } });
    expect(parseChatSettingsForm({ systemAddition: "", temperature: ".5" })).toEqual({ ok: true, change: { temperature: 0.5 } });
  });

  it("reads empty fields as the defaults", () => {
    expect(parseChatSettingsForm({ systemAddition: "   ", temperature: "" })).toEqual({ ok: true, change: {} });
  });

  it("names a temperature out of range or not a number under its field", () => {
    for (const temperature of ["2.1", "-0.1", "warm", "1e400", "0.5.1", "Infinity", "NaN"]) {
      expect(parseChatSettingsForm({ systemAddition: "", temperature }), temperature).toEqual({ ok: false, errors: { temperature: TEMPERATURE_RANGE_MESSAGE } });
    }
  });

  it("names instructions over the limit, counted after trimming", () => {
    const long = "x".repeat(SYSTEM_ADDITION_MAX_CHARACTERS + 1);
    expect(parseChatSettingsForm({ systemAddition: long, temperature: "" })).toEqual({ ok: false, errors: { systemAddition: SYSTEM_ADDITION_TOO_LONG_MESSAGE } });
    const fits = ` ${"x".repeat(SYSTEM_ADDITION_MAX_CHARACTERS)} `;
    expect(parseChatSettingsForm({ systemAddition: fits, temperature: "" }).ok).toBe(true);
  });

  it("names both fields at once", () => {
    const result = parseChatSettingsForm({ systemAddition: "x".repeat(SYSTEM_ADDITION_MAX_CHARACTERS + 1), temperature: "3" });
    expect(result).toEqual({ ok: false, errors: { systemAddition: SYSTEM_ADDITION_TOO_LONG_MESSAGE, temperature: TEMPERATURE_RANGE_MESSAGE } });
  });
});

describe("applyChatSettingsChange", () => {
  it("replaces instructions and temperature as a whole and keeps a stored seed", () => {
    expect(applyChatSettingsChange({ systemAddition: "Old", temperature: 1, seed: 7 }, { temperature: 0.2 })).toEqual({ temperature: 0.2, seed: 7 });
    expect(applyChatSettingsChange({ systemAddition: "Old", temperature: 1 }, {})).toEqual({});
    expect(applyChatSettingsChange({}, { systemAddition: "New" })).toEqual({ systemAddition: "New" });
  });
});

describe("readChatSettings", () => {
  it("reads what was stored, and anything unreadable as the defaults", () => {
    expect(readChatSettings({ systemAddition: "Be brief.", temperature: 0.3 })).toEqual({ systemAddition: "Be brief.", temperature: 0.3 });
    expect(readChatSettings(null)).toEqual({});
    expect(readChatSettings({ temperature: 9 })).toEqual({});
    expect(readChatSettings({ systemAddition: "" })).toEqual({});
  });
});

describe("withSystemAddition", () => {
  it("puts the person's instructions after the system prompt, marked as theirs", () => {
    expect(withSystemAddition("System.", { systemAddition: "Answer in French." })).toBe("System.\n\n## Added by the person running this chat\n\nAnswer in French.");
    expect(withSystemAddition("System.", {})).toBe("System.");
  });
});

describe("the repair round setting", () => {
  it("is on unless turned off: only off is sent and stored, and a later change without it turns it on again", () => {
    expect(parseChatSettingsForm({ systemAddition: "", temperature: "", repair: true })).toEqual({ ok: true, change: {} });
    expect(parseChatSettingsForm({ systemAddition: "", temperature: "", repair: false })).toEqual({ ok: true, change: { repair: false } });
    const off = applyChatSettingsChange({ seed: 7 }, { repair: false });
    expect(off).toEqual({ repair: false, seed: 7 });
    expect(readChatSettings(off)).toEqual(off);
    expect(applyChatSettingsChange(off, {})).toEqual({ seed: 7 });
  });
});
