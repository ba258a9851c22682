/**
 * Test support for the chat core on real parts: the process database set to
 * a fresh in-memory PGlite or a fresh Postgres database (the runner's
 * TEST_DATABASE_URL, or one created and dropped here; unreachable Postgres
 * fails the suite), people inserted as real user rows, and chat cores running
 * the replay model through the real AI SDK stream on simulated time, with the
 * system prompt of every model call recorded. Test-only.
 */
import { wrapLanguageModel } from "ai";
import { closeDatabase, getDatabase } from "@/db/client";
import { users } from "@/db/schema";
import { assertPostgresReachable, createTestDatabase } from "@/db/test-database";
import type { Actor } from "@/lib/auth/policy";
import { createModelRegistry } from "@/lib/models/registry";
import type { ReplayLibrary } from "@/lib/models/replay/load-recordings";
import type { Recording } from "@/lib/models/replay/recording-schema";
import { createReplayModel, type ReplayLanguageModel } from "@/lib/models/replay/replay-language-model";
import type { UiQuerySchemas } from "@/lib/ui/compile/options";
import type { ChatBus } from "../bus/chat-bus";
import { ChatCore, type ChatModels } from "../core/chat-core";
import type { ReplyLeaseTiming } from "../turn/reply-lease";
import type { ChatEvent } from "../wire";
import { FakeTime } from "./fake-time";

/** Which database a suite runs on. */
export type TestDatabaseKind = "pglite" | "postgres";

/** The process database of a suite. */
export type TestDatabaseHandle = {
  kind: TestDatabaseKind;
  /** The Postgres URL (Postgres only). */
  url: string | null;
  /** Closes the process database and drops a database created here. */
  release: () => Promise<void>;
};

/** Points the process database (`getDatabase`) at a fresh database of `kind` and migrates it. */
export async function openTestDatabase(kind: TestDatabaseKind): Promise<TestDatabaseHandle> {
  await closeDatabase();
  if (kind === "pglite") {
    delete process.env.DATABASE_URL;
    process.env.PGLITE_DATA_DIR = "memory://";
    await getDatabase();
    return { kind, url: null, release: () => closeDatabase() };
  }
  const given = process.env.TEST_DATABASE_URL;
  let url: string;
  let drop: (() => Promise<void>) | null = null;
  if (given) {
    await assertPostgresReachable(given);
    url = given;
  } else {
    const created = await createTestDatabase();
    url = created.url;
    drop = created.drop;
  }
  process.env.DATABASE_URL = url;
  await getDatabase();
  return {
    kind,
    url,
    release: async () => {
      await closeDatabase();
      await drop?.();
    },
  };
}

/** A person with a real user row, as the policy sees them. */
export async function createTestActor(name = "Tester"): Promise<Actor> {
  const database = await getDatabase();
  const id = crypto.randomUUID();
  await database.insert(users).values({ id, name, email: `${id}@example.test` });
  return { userId: id, role: "user", isGuest: false, name };
}

/** A chat core on simulated time with the replay model, and what a test needs to watch it. */
export type TestChatCore = {
  core: ChatCore;
  time: FakeTime;
  replay: ReplayLanguageModel;
  /** The system prompt of every model call, in order. */
  systemPrompts: string[];
  /** The model id to send with. */
  modelId: string;
};

/** Builds a chat core for a test on `bus`. */
export function createTestChatCore(options: {
  bus: ChatBus;
  time?: FakeTime;
  library?: ReplayLibrary;
  replay?: ReplayLanguageModel;
  /** Longest a reply may stream, in real milliseconds. */
  replyTimeLimitMs?: number;
  /** Longest the model may send nothing, in real milliseconds. */
  modelIdleTimeoutMs?: number;
  /** How long a reply's lease lasts and how often it is renewed, in real milliseconds. */
  replyLease?: ReplyLeaseTiming;
  /** The @Query sources the core offers (none by default). */
  querySchemas?: UiQuerySchemas;
}): TestChatCore {
  const time = options.time ?? new FakeTime();
  const replay = options.replay ?? createReplayModel({ sleep: time.sleep, ...(options.library ? { library: options.library } : {}) });
  const registry = createModelRegistry({ environment: {}, replay });
  const systemPrompts: string[] = [];
  const recorded = wrapLanguageModel({
    model: replay,
    middleware: {
      specificationVersion: "v3",
      transformParams: async ({ params }) => {
        for (const message of params.prompt) if (message.role === "system") systemPrompts.push(message.content);
        return params;
      },
    },
  });
  // The wrapper hides the replay model's own methods; the repair round asks it whether a recording answers (lib/chat/turn/repair-round.ts).
  Object.assign(recorded, { answersRepair: (request: string) => replay.answersRepair(request) });
  const models: ChatModels = {
    defaultModelId: registry.defaultModelId,
    getModel: (id) => {
      const lookup = registry.getModel(id);
      return lookup.ok ? { ...lookup, model: recorded } : lookup;
    },
  };
  const core = new ChatCore({
    bus: options.bus,
    models,
    clock: time,
    ...(options.replyTimeLimitMs !== undefined ? { replyTimeLimitMs: options.replyTimeLimitMs } : {}),
    ...(options.modelIdleTimeoutMs !== undefined ? { modelIdleTimeoutMs: options.modelIdleTimeoutMs } : {}),
    ...(options.replyLease ? { replyLease: options.replyLease } : {}),
    ...(options.querySchemas ? { querySchemas: options.querySchemas } : {}),
  });
  return { core, time, replay, systemPrompts, modelId: registry.defaultModelId };
}

/** Every event a viewer of a chat gets, from its snapshot on. */
export type EventLog = {
  events: ChatEvent[];
  /** Stops following. */
  stop: () => void;
  /** Resolves with the first event that satisfies `predicate` (already received or still to come). */
  next: <Event extends ChatEvent>(predicate: (event: ChatEvent) => event is Event, timeoutMs?: number) => Promise<Event>;
};

/** Follows a chat as a viewer through `ChatCore.watchChat`. */
export async function followChat(core: ChatCore, actor: Actor, chatId: string, onEvent?: (event: ChatEvent) => void): Promise<EventLog> {
  const events: ChatEvent[] = [];
  const waiters: { predicate: (event: ChatEvent) => boolean; resolve: (event: ChatEvent) => void }[] = [];
  const stop = await core.watchChat(actor, chatId, (event) => {
    events.push(event);
    onEvent?.(event);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(event)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    }
  });
  const next = <Event extends ChatEvent>(predicate: (event: ChatEvent) => event is Event, timeoutMs = 20_000): Promise<Event> => {
    const found = events.find(predicate);
    if (found) return Promise.resolve(found);
    return new Promise<Event>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("timed out waiting for a chat event")), timeoutMs);
      waiters.push({
        predicate,
        resolve: (event) => {
          clearTimeout(timer);
          resolve(event as Event);
        },
      });
    });
  };
  return { events, stop, next };
}

/** A type guard for one event type, for `EventLog.next`. */
export function isEvent<Type extends ChatEvent["type"]>(type: Type, messageId?: string) {
  return (event: ChatEvent): event is Extract<ChatEvent, { type: Type }> => {
    if (event.type !== type) return false;
    if (messageId === undefined) return true;
    if ("messageId" in event) return event.messageId === messageId;
    if (event.type === "reply-end") return event.message.id === messageId;
    return true;
  };
}

/** A one-step recording for a test: matched by its id's words, unlisted, with an optional repair answer. */
export function testRecording(id: string, text: string, repair?: string): Recording {
  return {
    id,
    title: id,
    description: `${id} (test)`,
    dialects: ["ui"],
    examplePrompt: id.replaceAll("-", " "),
    match: { keywords: [id.replaceAll("-", " ")], patterns: [] },
    priority: 0,
    listed: false,
    fault: { kind: "malformed-ui" },
    steps: [{ text, toolCalls: [] }],
    ...(repair !== undefined ? { repair } : {}),
  };
}
