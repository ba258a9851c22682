/**
 * The chat core of this server process, built from the environment on first
 * use: the Postgres chat bus when `DATABASE_URL` is set (so instances sharing
 * the database hear each other), the in-process bus otherwise (the embedded
 * database serves one process), the process's model registry, the project
 * model's query sources (lib/project) for `@Query` in ```ui blocks, and the
 * limits the environment sets (chat-core-environment.ts). Replies' model
 * streams run in the process's generation worker (lib/chat/generation), so
 * they use the machine's second core and leave this thread's loop to the
 * viewers (see `generationWorkerWanted`).
 * Kept on `globalThis` because Next.js evaluates route and action bundles
 * separately (and again on every edit in development), and one process must
 * have one registry of running replies.
 */
import "server-only";
import type { Actor } from "@/lib/auth/policy";
import { modelRegistry } from "@/lib/models/registry";
import { PROJECT_QUERY_SCHEMAS } from "@/lib/project/query-sources";
import type { ChatBus } from "../bus/chat-bus";
import { MemoryChatBus } from "../bus/memory-chat-bus";
import { PostgresChatBus } from "../bus/postgres-chat-bus";
import type { ChatSnapshot, ChatSummary } from "../wire";
import { startGenerationWorker } from "../generation/start-generation-worker";
import { WorkerReplyStreamer } from "../generation/worker-reply-streamer";
import { ChatCore } from "./chat-core";
import { chatCoreOptionsFromEnvironment } from "./chat-core-environment";

const globalStore = globalThis as typeof globalThis & { __octoChatCore?: ChatCore };

/** The bus the environment calls for. */
export function chatBusFromEnvironment(environment: NodeJS.ProcessEnv = process.env): ChatBus {
  const url = environment.DATABASE_URL?.trim();
  return url ? new PostgresChatBus({ url }) : new MemoryChatBus();
}

/** This process's chat core. */
export function getChatCore(): ChatCore {
  globalStore.__octoChatCore ??= createProcessChatCore();
  return globalStore.__octoChatCore;
}

function createProcessChatCore(): ChatCore {
  const { options, problems } = chatCoreOptionsFromEnvironment(process.env);
  for (const problem of problems) console.warn(`chat: ${problem}`);
  const worker = generationWorkerWanted(process.env) ? new WorkerReplyStreamer(startGenerationWorker) : null;
  return new ChatCore({
    bus: chatBusFromEnvironment(),
    models: modelRegistry(),
    querySchemas: PROJECT_QUERY_SCHEMAS,
    ...options,
    ...(worker ? { replyStreamer: (modelId: string) => worker.streamer(modelId) } : {}),
  });
}

/**
 * Whether replies stream in a generation worker: in a Next.js server (the
 * bundler built the worker's own bundle there), unless `CHAT_GENERATION_WORKER=off`.
 * Code run by a test runner straight from TypeScript has no worker bundle to
 * start, and streams in its own thread.
 */
export function generationWorkerWanted(environment: Readonly<Record<string, string | undefined>>): boolean {
  return environment.NEXT_RUNTIME === "nodejs" && environment.CHAT_GENERATION_WORKER !== "off";
}

/** Closes this process's chat core (graceful shutdown and tests); the next use builds a new one. */
export async function closeChatCore(): Promise<void> {
  const core = globalStore.__octoChatCore;
  globalStore.__octoChatCore = undefined;
  await core?.close();
}

/** The chat as its page renders it first (thread, panels, live reply); `not_found:chat` unless it is the actor's. */
export function getChatSnapshot(input: { actor: Actor; chatId: string }): Promise<ChatSnapshot> {
  return getChatCore().getChatSnapshot(input.actor, input.chatId);
}

/** The actor's chats for the sidebar, most recently active first. */
export function listChatSummaries(input: { actor: Actor }): Promise<ChatSummary[]> {
  return getChatCore().listChats(input.actor);
}
