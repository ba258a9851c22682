/**
 * The versions of an addressable panel along the thread a chat shows: every
 * reply of the thread that holds the panel whole, in order — the first that
 * showed it, each silent update, each restore. A reply that stopped or failed
 * holds at most a fragment of the panel (the store did not make it a
 * revision) and is no version, unless the panel's record names it. Read by
 * the browser (the panel's history, its diff) and by the server (what a
 * restore may bring back, and the number it calls it by), from the same
 * thread, so both count alike.
 */
import type { PanelSource } from "./panel-source";
import { panelSourceIn } from "./panel-source";
import type { AssistantMessage, ChatMessage, UiDialect, UserMessage } from "../wire";

/** What made a version: the person's message, a button press, a choice, or a restore of an earlier version. */
export type PanelVersionCause =
  | { kind: "prompt" }
  | { kind: "press"; label: string }
  | { kind: "choice"; label: string }
  | { kind: "restore"; version: number };

/** One version of a panel. */
export type PanelVersion = {
  /** 1 for the first reply that showed the panel, counting up along the thread. */
  version: number;
  /** The reply holding this version. */
  message: AssistantMessage;
  source: PanelSource;
  cause: PanelVersionCause;
};

/** What made the reply `reply` (the turn it answers). */
function causeOf(reply: AssistantMessage, prompt: UserMessage | undefined): PanelVersionCause {
  if (prompt === undefined || prompt.kind === "prompt") return { kind: "prompt" };
  const restored = prompt.action?.restored;
  if (restored !== undefined) return { kind: "restore", version: restored.version };
  const label = prompt.action?.label ?? "";
  return prompt.kind === "choice" ? { kind: "choice", label } : { kind: "press", label };
}

/**
 * The versions of panel `panelId` (of `dialect`) in `messages`, which are the
 * shown thread in order; `currentMessageId` is the reply the panel's record
 * names (a version even when it was cut short, since the record says so).
 */
export function panelVersions(input: { messages: readonly ChatMessage[]; panelId: string; dialect: UiDialect; currentMessageId?: string }): PanelVersion[] {
  const versions: PanelVersion[] = [];
  const byId = new Map(input.messages.map((message) => [message.id, message]));
  input.messages.forEach((message, index) => {
    if (message.role !== "assistant") return;
    if (message.status !== "complete" && message.id !== input.currentMessageId) return;
    const source = panelSourceIn(message, { panelId: input.panelId, dialect: input.dialect });
    if (source === undefined) return;
    const parent = message.parentId !== undefined && message.parentId !== null ? byId.get(message.parentId) : input.messages[index - 1];
    versions.push({ version: versions.length + 1, message, source, cause: causeOf(message, parent?.role === "user" ? parent : undefined) });
  });
  return versions;
}
