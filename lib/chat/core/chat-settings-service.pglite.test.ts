/**
 * Chat settings and a person's preferences on the embedded database: stored
 * through the policy (another person's chat is not found), validated with
 * the reason named, and — through the chat core and the real AI SDK stream
 * into `generateReply` — reaching the model call: the instructions after the
 * system prompt, the temperature as the call's own. Settings chosen before a
 * new chat's first send apply to its first reply.
 */
import { wrapLanguageModel } from "ai";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getUserPreferences } from "@/db/queries/preferences";
import type { Actor } from "@/lib/auth/policy";
import { AppError } from "@/lib/errors";
import { createModelRegistry } from "@/lib/models/registry";
import { createReplayModel, type ReplayLanguageModel } from "@/lib/models/replay/replay-language-model";
import { preferencesOf, savePreferences, UNKNOWN_DEFAULT_MODEL_MESSAGE } from "@/lib/preferences/preferences-service";
import { MemoryChatBus } from "../bus/memory-chat-bus";
import { createTestActor, openTestDatabase, type TestDatabaseHandle } from "../testing/chat-test-setup";
import { FakeTime } from "../testing/fake-time";
import { ChatCore } from "./chat-core";
import { SYSTEM_ADDITION_TOO_LONG_MESSAGE, SYSTEM_ADDITION_MAX_CHARACTERS, TEMPERATURE_RANGE_MESSAGE } from "./chat-settings";
import { getChatSettings, updateChatSettings } from "./chat-settings-service";

vi.mock("server-only", () => ({}));

/** What the model was called with, per call. */
type RecordedCall = { system: string; temperature: number | undefined };

let database: TestDatabaseHandle;
let core: ChatCore;
let replay: ReplayLanguageModel;
let calls: RecordedCall[];
let owner: Actor;
let stranger: Actor;
const registry = () => createModelRegistry({ environment: {}, replay });

beforeAll(async () => {
  database = await openTestDatabase("pglite");
  const time = new FakeTime();
  replay = createReplayModel({ sleep: time.sleep });
  calls = [];
  const recorded = wrapLanguageModel({
    model: replay,
    middleware: {
      specificationVersion: "v3",
      transformParams: async ({ params }) => {
        const system = params.prompt.filter((message) => message.role === "system").map((message) => message.content).join("\n");
        calls.push({ system, temperature: params.temperature });
        return params;
      },
    },
  });
  const models = registry();
  core = new ChatCore({
    bus: new MemoryChatBus(),
    clock: time,
    models: {
      defaultModelId: models.defaultModelId,
      getModel: (id) => {
        const lookup = models.getModel(id);
        return lookup.ok ? { ...lookup, model: recorded } : lookup;
      },
    },
  });
  owner = await createTestActor("Owner");
  stranger = await createTestActor("Stranger");
}, 60_000);

afterAll(async () => {
  await core?.close();
  await database?.release();
}, 60_000);

beforeEach(() => {
  replay.session.reset();
  calls.length = 0;
});

afterEach(async () => {
  await core.idle();
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (caught) {
    if (caught instanceof Error && "code" in caught) return String((caught as AppError).code);
    throw caught;
  }
  throw new Error("expected a refusal");
}

describe("chat settings", () => {
  it("stores a change and sends it with the next reply: instructions after the system prompt, the temperature as the call's", async () => {
    const chat = await core.createChat(owner, {});
    expect(await getChatSettings(owner, chat.id)).toEqual({});
    const stored = await updateChatSettings(owner, { chatId: chat.id, settings: { systemAddition: "  Answer in French.  ", temperature: 0.4 } });
    expect(stored).toEqual({ systemAddition: "Answer in French.", temperature: 0.4 });
    expect(await getChatSettings(owner, chat.id)).toEqual(stored);

    replay.session.expect("build-status");
    await core.sendMessage(owner, { chatId: chat.id, prompt: "Show me the build status", modelId: "replay:default" });
    await core.idle();
    replay.session.assertConsumed();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.temperature).toBe(0.4);
    expect(calls[0]?.system.endsWith("## Added by the person running this chat\n\nAnswer in French.")).toBe(true);

    // Cleared again: the provider's defaults, no addition.
    expect(await updateChatSettings(owner, { chatId: chat.id, settings: {} })).toEqual({});
    replay.session.expect("build-status");
    await core.sendMessage(owner, { chatId: chat.id, prompt: "Show me the build status", modelId: "replay:default" });
    await core.idle();
    replay.session.assertConsumed();
    expect(calls[1]?.temperature).toBeUndefined();
    expect(calls[1]?.system).not.toContain("Added by the person running this chat");
  });

  it("applies settings chosen before a new chat's first send to its first reply", async () => {
    replay.session.expect("build-status");
    const sent = await core.sendMessage(owner, { prompt: "Show me the build status", modelId: "replay:default", settings: { systemAddition: "Keep it short.", temperature: 1.5 } });
    await core.idle();
    replay.session.assertConsumed();
    expect(await getChatSettings(owner, sent.chat.id)).toEqual({ systemAddition: "Keep it short.", temperature: 1.5 });
    expect(calls[0]?.temperature).toBe(1.5);
    expect(calls[0]?.system).toContain("Keep it short.");
  });

  it("refuses bad input with the reason, and changes nothing", async () => {
    const chat = await core.createChat(owner, {});
    await updateChatSettings(owner, { chatId: chat.id, settings: { temperature: 1 } });
    for (const [settings, message] of [
      [{ temperature: 2.5 }, TEMPERATURE_RANGE_MESSAGE],
      [{ temperature: "hot" }, TEMPERATURE_RANGE_MESSAGE],
      [{ systemAddition: "x".repeat(SYSTEM_ADDITION_MAX_CHARACTERS + 1) }, SYSTEM_ADDITION_TOO_LONG_MESSAGE],
    ] as const) {
      const refusal = await updateChatSettings(owner, { chatId: chat.id, settings }).catch((caught: unknown) => caught);
      expect(refusal instanceof AppError && refusal.code === "bad_request:settings" && refusal.publicMessage === message, JSON.stringify(settings)).toBe(true);
    }
    expect(await codeOf(updateChatSettings(owner, { chatId: chat.id, settings: { seed: 3 } }))).toBe("bad_request:settings");
    expect(await getChatSettings(owner, chat.id)).toEqual({ temperature: 1 });
  });

  it("answers another person's chat as not found, however the input is wrong", async () => {
    const chat = await core.createChat(owner, {});
    expect(await codeOf(updateChatSettings(stranger, { chatId: chat.id, settings: { temperature: 0.1 } }))).toBe("not_found:chat");
    expect(await codeOf(updateChatSettings(stranger, { chatId: chat.id, settings: { temperature: 99 } }))).toBe("not_found:chat");
    expect(await codeOf(getChatSettings(stranger, chat.id))).toBe("not_found:chat");
    expect(await getChatSettings(owner, chat.id)).toEqual({});
  });
});

describe("preferences", () => {
  it("are the defaults until changed, then stored per person", async () => {
    const person = await createTestActor("Person");
    expect(await preferencesOf(person, { registry: registry() })).toEqual({ theme: "system", defaultModelId: "replay:default" });
    expect(await getUserPreferences({ userId: person.userId })).toBeNull();
    const personaId = registry().list()[1]?.id;
    expect(personaId).toBeDefined();
    await savePreferences(person, { theme: "dark" }, { registry: registry() });
    expect(await savePreferences(person, { defaultModelId: personaId! }, { registry: registry() })).toEqual({ theme: "dark", defaultModelId: personaId });
    expect(await preferencesOf(owner, { registry: registry() })).toEqual({ theme: "system", defaultModelId: "replay:default" });
    expect(await savePreferences(person, { defaultModelId: null }, { registry: registry() })).toEqual({ theme: "dark", defaultModelId: "replay:default" });
  });

  it("refuses a theme it does not know and a model the server does not offer", async () => {
    const person = await createTestActor("Picky");
    expect(await codeOf(savePreferences(person, { theme: "sepia" }, { registry: registry() }))).toBe("bad_request:settings");
    const refusal = await savePreferences(person, { defaultModelId: "openai:not-here" }, { registry: registry() }).catch((caught: unknown) => caught);
    expect(refusal instanceof AppError && refusal.publicMessage === UNKNOWN_DEFAULT_MODEL_MESSAGE).toBe(true);
    expect(await getUserPreferences({ userId: person.userId })).toBeNull();
  });
});
