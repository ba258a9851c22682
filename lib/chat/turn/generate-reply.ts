/**
 * One reply, generated on the server independently of the request that
 * asked for it. The model gets the system prompt (built from the catalogs,
 * with the chat's waiting diagnostics preamble), the whole thread (silent
 * action turns included) and the `render_ui` tool; several steps are allowed
 * so text can follow a tool call. Every text delta and card goes to the live
 * reply (viewers everywhere, previews through its UiStream). The artifact
 * tools (lib/artifacts) write versions as they run, before the reply is
 * stored; a reply stopped or cut afterwards keeps them, with their chips.
 * However the stream ends — finished, stopped, cut by an error, the time
 * limit or a model gone quiet (`MODEL_IDLE_TIMEOUT_MS` with no stream part)
 * — the text that arrived is compiled final and stored once.
 *
 * The model is wrapped at the boundary (`storable-output.ts`): what it sends
 * reaches the live reply and the store with the characters the database
 * refuses already replaced, and counted for the receipt; a call to a tool it
 * was never offered is refused by the AI SDK, listed in the receipt, and the
 * reply goes on. The final store holds out through a database outage
 * (`storeFinalReply`: retried while the database is unreachable, up to
 * `FINAL_STORE_RETRY_MS`, after which the caller hands the reply to the
 * recovery sweep); should the database refuse it, the reply is stored again
 * as its text alone, marked as an error; only if that fails too is nothing
 * kept (the cause is logged; viewers are told).
 */
import "server-only";
import type { LanguageModel } from "ai";
import { z } from "zod";
import { listChatAttachmentBytes } from "@/db/queries/attachments";
import { listThreadRows, listWaitingPreambles } from "@/db/queries/chat-turns";
import { consumePreambles } from "@/db/queries/preambles";
import type { Message, MessageStatus, Preamble } from "@/db/schema";
import { artifactCardOfPart } from "@/lib/artifacts/artifact-card";
import { artifactReplyKit } from "@/lib/artifacts/reply-tools";
import { hostActionCardOfPart } from "@/lib/host-actions/host-action-card";
import { paneTools } from "@/lib/compare/run/pane-tools";
import { hostActionReplyTools } from "@/lib/host-actions/reply-tools";
import { PreambleDiagnosticSchema, type PreambleDiagnostic } from "@/lib/models/diagnostics-preamble";
import { RENDER_UI_TOOL_NAME, renderUiTool, type RenderUiToolResult } from "@/lib/models/render-ui-tool";
import { buildSystemPrompt } from "@/lib/models/system-prompt";
import { projectDataTools } from "@/lib/project/data-tool";
import type { UiQuerySchemas } from "@/lib/ui/compile/options";
import type { RefusedToolCall } from "../final/boundary-receipt";
import { withSystemAddition, type ChatSettings } from "../core/chat-settings";
import { storeFinalReply, type FinalStoreOutcome, type RetryTiming } from "../final/final-store";
import { storeMinimalReply } from "../final/store-minimal-reply";
import { storeReply } from "../final/store-reply";
import type { LocalReply } from "../live/chat-hub";
import { replyUsage } from "../records/reply-usage";
import type { ToolCard } from "../wire";
import type { HoldClock } from "./coalesce-deltas";
import type { GenerationStopReason } from "./generation-registry";
import { activePath } from "../versions/thread-tree";
import { imagesToSend, toModelMessages, type AttachedImage } from "./model-messages";
import { checkReplyData } from "./reply-data-check";
import { streamReplyInThread, type ReplyStreamer } from "./reply-stream";
import { toolCardId } from "./tool-card-id";
import type { StorableOutputTally } from "./storable-output";

/** Model calls one reply may make: a tool call and the text after it, with room for a second card. */
export const REPLY_MAX_STEPS = 4;

/**
 * Longest a reply may stream before it is cut, in milliseconds: a real model
 * writes a long answer in a minute or two; a provider that hangs must not
 * hold the chat (one reply at a time) forever.
 */
export const REPLY_TIME_LIMIT_MS = 10 * 60_000;

/**
 * Longest the model may send nothing — no text, no tool call, no step — before
 * the reply is cut as failed, in milliseconds. A model that is working sends
 * something every few seconds; its longest silence is a reasoning model
 * thinking before its first word, well under two minutes. A provider whose
 * stream hangs without closing would otherwise hold the chat until the time
 * limit, ten minutes on, with its viewers watching a reply that never moves.
 */
export const MODEL_IDLE_TIMEOUT_MS = 120_000;

/** What a reply cut by a provider error says (the provider's own text is logged, never shown). */
export const REPLY_ERROR_MESSAGE = "The model failed while writing this reply. What arrived before the failure is kept.";

/** What a reply says when this server stalled so long that its chat's lease ran out and another reply took the chat. */
export const REPLY_LEASE_LOST_MESSAGE = "The reply was cut off: the server stalled and the chat moved on to another reply. What arrived is kept.";

/** What a reply cut because the model went quiet says. */
export const REPLY_MODEL_IDLE_MESSAGE = "The model stopped sending, so the reply was cut off. What arrived before it went quiet is kept.";

/** What a reply cut by the time limit says. */
export const REPLY_TIME_LIMIT_MESSAGE = "The reply took too long and was cut off. What arrived is kept.";

/** What a reply says when its final store failed and it was stored again as its text alone. */
export const REPLY_NOT_SAVED_WHOLE_MESSAGE = "This reply could not be saved whole; its text is kept.";

/** What a `render_ui` card says when its input was not even a spec with items. */
export const RENDER_UI_INPUT_ERROR = "The render_ui call did not carry a spec with an items array, so nothing could be drawn.";

/** Everything one generation needs. */
export type GenerateReplyInput = {
  reply: LocalReply;
  model: LanguageModel;
  /** Runs the model's stream (the process's generation worker); `model` in this thread when absent. */
  streamer?: ReplyStreamer;
  userId: string;
  chatId: string;
  messageId: string;
  /** The prompt it answers: the model reads the thread up to it (the versions on its path), and the reply is stored as its child. */
  replyTo: string;
  modelId: string;
  /** True when the prompt was a silent panel action: waiting preambles are shown, not consumed. */
  silentPrompt: boolean;
  /** The panel the prompt's action envelope named, if any. */
  actionPanelId: string | null;
  /** The model reads images: the thread's newest attached images are sent as images, not only named. */
  acceptsImages?: boolean;
  /** `compact` for a small model: the system prompt without the component reference (default `full`). */
  promptDetail?: "full" | "compact";
  /** Aborts the generation (Stop, the time limit, the chat's deletion). */
  signal: AbortSignal;
  /** Why it was aborted, once it was. */
  stopReason: () => GenerationStopReason | null;
  /** What the chat core's timers run on: the model's deltas are held by it (default real time). */
  clock?: HoldClock;
  /** Milliseconds without a stream part before the model counts as gone quiet (default `MODEL_IDLE_TIMEOUT_MS`). */
  modelIdleTimeoutMs?: number;
  /** Aborts the generation as gone quiet (its stop reason then reads `model-idle`). */
  onModelIdle: () => void;
  /** How long the final store retries while the database is unreachable (default `FINAL_STORE_RETRY_MS`). */
  storeRetry?: RetryTiming;
  /** The @Query sources the host answers, listed in the system prompt as the compiler checks them. */
  querySchemas?: UiQuerySchemas;
  /** The chat's generation settings (system prompt addition, temperature, seed). */
  settings?: ChatSettings;
  /** A comparison pane's reply: offered only the tools that write nothing (`paneTools`), and no artifacts guide. */
  readOnlyTools?: boolean;
};

/** Generates, compiles and stores one reply (see the file comment); never throws. */
export async function generateReply(input: GenerateReplyInput): Promise<FinalStoreOutcome> {
  const { reply } = input;
  let failure: unknown = null;
  const replaced: StorableOutputTally = { replaced: 0 };
  const refusedTools: RefusedToolCall[] = [];
  const settings = input.settings ?? {};
  let reportedUsage: { inputTokens: number | undefined; outputTokens: number | undefined } | null = null;
  let promptCharacters = 0;
  let idle: ReturnType<typeof setTimeout> | null = null;
  try {
    const diagnostics = await preambleDiagnostics(input);
    const stored = await listThreadRows({ userId: input.userId, chatId: input.chatId });
    const thread = activePath(stored.rows, input.replyTo);
    const detail = input.promptDetail ?? "full";
    const readOnly = input.readOnlyTools === true;
    const artifacts = readOnly ? null : await artifactReplyKit({ userId: input.userId, chatId: input.chatId, messageId: input.messageId }, { detail });
    const system = withSystemAddition(
      buildSystemPrompt({ diagnostics, detail, ...(artifacts ? { artifactsGuide: artifacts.guide } : {}), ...(input.querySchemas ? { querySchemas: input.querySchemas } : {}) }),
      settings,
    );
    const messages = toModelMessages(thread, { images: await attachedImages(input, thread) });
    promptCharacters = system.length + thread.reduce((total, message) => total + message.text.length, 0);
    // Restarted by every part the stream yields: only a silence as long as the timeout lets it fire.
    idle = setTimeout(input.onModelIdle, input.modelIdleTimeoutMs ?? MODEL_IDLE_TIMEOUT_MS);
    const stream = (input.streamer ?? streamReplyInThread(input.model))({
      system,
      messages,
      ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
      ...(settings.seed !== undefined ? { seed: settings.seed } : {}),
      tools: readOnly
        ? paneTools({ [RENDER_UI_TOOL_NAME]: renderUiTool, ...projectDataTools({ userId: input.userId, chatId: input.chatId }) })
        : {
            [RENDER_UI_TOOL_NAME]: renderUiTool,
            ...artifacts?.tools,
            ...projectDataTools({ userId: input.userId, chatId: input.chatId }),
            ...hostActionReplyTools({ ...input, thread }),
          },
      maxSteps: REPLY_MAX_STEPS,
      signal: input.signal,
      ...(input.clock ? { clock: input.clock } : {}),
    });
    for await (const part of stream) {
      idle.refresh();
      switch (part.type) {
        case "text-delta":
          reply.appendText(part.text);
          break;
        case "tool-call":
          // A tool the model was never offered: the AI SDK refuses it (its tool-error goes back to the model) and the reply goes on.
          if (part.refused) refusedTools.push({ toolName: part.toolName, textOffset: reply.text.length });
          break;
        case "tool-result":
          if (part.toolName === RENDER_UI_TOOL_NAME) addToolCard(reply, toolCard(part.toolCallId, reply.text.length, part.output as RenderUiToolResult));
          else addToolCard(reply, artifactCardOfPart(part, reply.text.length) ?? hostActionCardOfPart(part, reply.text.length));
          break;
        case "tool-error":
          if (part.toolName === RENDER_UI_TOOL_NAME) {
            addToolCard(reply, { id: part.toolCallId, name: "render_ui", textOffset: reply.text.length, spec: null, diagnostics: [], error: RENDER_UI_INPUT_ERROR });
          } else addToolCard(reply, artifactCardOfPart(part, reply.text.length) ?? hostActionCardOfPart(part, reply.text.length));
          break;
        case "error":
          failure ??= part.error;
          break;
        case "finish":
          reportedUsage = part.usage;
          break;
        case "boundary":
          replaced.replaced = part.replacedCharacters;
          break;
        default:
          break;
      }
    }
  } catch (caught) {
    if (!input.signal.aborted) failure ??= caught;
  } finally {
    if (idle !== null) clearTimeout(idle);
  }
  const stopReason = input.stopReason();
  if (failure !== null && stopReason === null) console.error(`chat: reply ${input.messageId} failed`, failure);
  const status: MessageStatus = stopReason === "stop" || stopReason === "delete" ? "stopped" : failure !== null || stopReason !== null ? "error" : "complete";
  const error = status !== "error" ? null : stopReason !== null ? STOP_REASON_MESSAGES[stopReason] : REPLY_ERROR_MESSAGE;
  const blocks = reply.finish();
  // A finished reply's blocks are checked on the project's rows and on empty answers before it is stored: the receipt and the repair round read what they find.
  const dataCheck = status === "complete" ? await checkReplyData({ userId: input.userId, chatId: input.chatId, blocks, signal: input.signal }) : null;
  const usage = replyUsage({ reported: reportedUsage, promptCharacters, text: reply.text, compileMs: reply.compileMs });
  const scope = { userId: input.userId, chatId: input.chatId, messageId: input.messageId };
  return storeFinalReply({
    scope,
    label: `reply ${input.messageId}`,
    store: () =>
      storeReply({
        ...scope,
        parentId: input.replyTo,
        model: input.modelId,
        status,
        error,
        text: reply.text,
        blocks,
        tools: reply.tools,
        actionPanelId: input.actionPanelId,
        boundary: { replacedCharacters: replaced.replaced, refusedTools },
        usage,
        ...(dataCheck ? { dataCheck } : {}),
      }),
    fallback: {
      note: "storing its text alone",
      store: () => storeMinimalReply({ ...scope, parentId: input.replyTo, model: input.modelId, text: reply.text, error: REPLY_NOT_SAVED_WHOLE_MESSAGE }),
    },
    ...(input.storeRetry ? { retry: input.storeRetry } : {}),
  });
}

/** What a reply cut for each reason says; Stop and a deleted chat leave a stopped reply, which says nothing. */
const STOP_REASON_MESSAGES: Record<GenerationStopReason, string | null> = {
  stop: null,
  delete: null,
  "time-limit": REPLY_TIME_LIMIT_MESSAGE,
  "lease-lost": REPLY_LEASE_LOST_MESSAGE,
  "model-idle": REPLY_MODEL_IDLE_MESSAGE,
};

/** The images the model receives, by attachment id: the thread's newest few, for a model that reads images; none otherwise. */
async function attachedImages(input: GenerateReplyInput, thread: readonly Message[]): Promise<Map<string, AttachedImage>> {
  if (input.acceptsImages !== true) return new Map();
  const rows = await listChatAttachmentBytes({ userId: input.userId, chatId: input.chatId, attachmentIds: imagesToSend(thread) });
  return new Map(rows.map((row) => [row.id, { bytes: row.bytes, mediaType: row.mediaType }]));
}

/** The diagnostics the system prompt carries: a real prompt consumes the waiting preambles, a silent one only reads them. */
async function preambleDiagnostics(input: GenerateReplyInput): Promise<PreambleDiagnostic[]> {
  const scope = { userId: input.userId, chatId: input.chatId };
  const preambles: Preamble[] = input.silentPrompt ? await listWaitingPreambles(scope) : await consumePreambles(scope);
  return preambles.flatMap((preamble) => {
    const parsed = z.array(PreambleDiagnosticSchema).safeParse(preamble.diagnostics);
    return parsed.success ? parsed.data : [];
  });
}

/** Adds a tool card to the reply, its id as cards keep it (`toolCardId`: a model's over-long id must not cost the reply its cards). */
function addToolCard(reply: LocalReply, card: ToolCard | null): void {
  if (card !== null) reply.addTool({ ...card, id: toolCardId(card.id) });
}

function toolCard(id: string, textOffset: number, output: RenderUiToolResult): ToolCard {
  return output.ok
    ? { id, name: "render_ui", textOffset, spec: output.spec, diagnostics: output.diagnostics }
    : { id, name: "render_ui", textOffset, spec: null, diagnostics: output.diagnostics, error: output.error.slice(0, 4_000) };
}
