"use client";
/**
 * An open chat: the thread from the server's first render, kept live by the
 * chat's channel, with the composer and the model picker under it. Every way
 * of sending — the composer, a panel's button, a block's choice — goes
 * through one `send`, which first saves pending panel state. A button or a
 * choice sends what it names in the stored reply (and the values the person
 * set), never text: the server writes the turn from the stored panel. A chat deleted
 * elsewhere gives way to a notice, then the start page. Stored blocks
 * get their project data (query rows, link chips) through the chat's routes.
 * The chat's artifacts open in a panel beside it (app/_components/artifacts),
 * toggled from the header and by the chips replies show. Esc stops a
 * streaming reply from anywhere in the view (not while a dialog or menu is
 * open). The chat's own settings (instructions, temperature) open from
 * beside the model picker. Each message offers
 * its actions (copy, regenerate or retry, edit, versions); focus follows
 * them: to the new reply after a regenerate, to the composer after an edit
 * is sent, back to the switcher after another version is shown.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { buttonPressKey, choicePickKey, sentButtonKeys } from "@/lib/chat/panels/sent-buttons";
import type { ChatSettings, ChatSettingsChange } from "@/lib/chat/core/chat-settings";
import { panelVersions, type PanelVersion } from "@/lib/chat/panels/panel-versions";
import type { ChatMessage, ChatSnapshot, PanelRecord } from "@/lib/chat/wire";
import type { UiRecord } from "@/lib/ui/expression/value";
import { ArtifactsFrame } from "../../artifacts/artifacts-frame";
import { ArtifactsToggle } from "../../artifacts/artifacts-toggle";
import { ChatSettingsDialog, type ChatSettingsSaveOutcome } from "../../settings/chat-settings-dialog";
import { ComposerTools } from "../../settings/composer-tools";
import { chatActions } from "../actions/chat-actions";
import { interruptedUpdatesOf } from "../chat-state/interrupted-updates";
import { silentTurnOf } from "../chat-state/silent-turn";
import { choiceInputValues } from "../choice/choice-input-values";
import { Composer, type SendOutcome } from "../composer/composer";
import { ModelPicker, type ModelOption } from "../model-picker/model-picker";
import { placePanels } from "../panels/place-panels";
import { usePanelStates } from "../panels/use-panel-states";
import { projectDataClient } from "../project-data/project-data-client";
import { ProjectDataContext } from "../project-data/project-data-context";
import { useStickToBottom } from "../scroll/use-stick-to-bottom";
import { useChatChannel } from "../live/use-chat-channel";
import { MessageThread } from "../thread/message-thread";
import { ModelNamesContext } from "../thread/model-names-context";
import { ThreadContext, type ChoicePick, type MessageActions, type PanelPress, type ThreadContextValue } from "../thread/thread-context";
import { ChatDeletedNotice } from "./chat-deleted-notice";
import { chatDocumentTitle } from "./chat-document-title";
import { useEscapeToStop } from "./use-escape-to-stop";
import styles from "./conversation.module.css";

/** Props of `ChatConversation`. */
export type ChatConversationProps = {
  /** The server's first render of the chat. */
  snapshot: ChatSnapshot;
  models: readonly ModelOption[];
  /** The chat's stored settings (instructions, temperature). */
  settings: ChatSettings;
};

/** Words shown when a choice cannot be sent as it stands. */
const CHOICE_REFUSED = "That choice cannot be sent as it is. Check the values in the panel and try again.";

/** Where focus goes once the thread shows what an action asked for. */
type PendingFocus = { kind: "reply"; messageId: string } | { kind: "version"; messageId: string; control: "previous" | "next" };

/** The panel a press or pick acts on, if it is one: the fence's or block's panel id, when the chat holds that panel. */
function turnPanelId(turn: TurnRequest, messages: readonly ChatMessage[], records: ReadonlyMap<string, PanelRecord>): string | null {
  if (turn.kind === "choice") return records.has(turn.pick.blockId) ? turn.pick.blockId : null;
  if (turn.kind !== "action") return null;
  const message = messages.find((candidate) => candidate.id === turn.press.messageId);
  const panelId = message?.role === "assistant" ? message.genui?.find((fence) => fence.index === turn.press.fenceIndex)?.panelId : undefined;
  return panelId !== undefined && records.has(panelId) ? panelId : null;
}

/** The composer's text box (the composer owns it; focus is only moved there). */
function focusComposer(): void {
  document.querySelector<HTMLTextAreaElement>('form[aria-label="Send a message"] textarea')?.focus();
}

/** One turn to send: typed text, a button press, or a choice with its input values. */
type TurnRequest =
  | { kind: "prompt"; prompt: string; attachmentIds?: string[] }
  | { kind: "action"; press: PanelPress }
  | { kind: "choice"; pick: Omit<ChoicePick, "block" | "state"> & { blockId: string; values: UiRecord } };

/** The open chat; see the module comment. */
export function ChatConversation({ snapshot: initial, models, settings: initialSettings }: ChatConversationProps) {
  const chatId = initial.chat.id;
  const { view, connected, resync } = useChatChannel(initial);
  const snapshot = view.snapshot;
  // A repair round keeps the chat busy as its reply did (the server takes no turn meanwhile): Stop stops the repair.
  const streaming = snapshot.live !== null || view.repairing !== undefined;
  const [modelId, setModelId] = useState(initial.chat.modelId);
  const [sendError, setSendError] = useState<string | null>(null);
  const [settings, setSettings] = useState(initialSettings);
  const sendingRef = useRef(false);

  const panelStates = usePanelStates(
    snapshot.panels,
    useCallback((input) => chatActions.savePanelState({ chatId, ...input }), [chatId]),
  );
  const placement = useMemo(() => placePanels(snapshot.messages, snapshot.panels), [snapshot.messages, snapshot.panels]);
  const silentTurn = useMemo(() => silentTurnOf(snapshot), [snapshot]);
  const interruptedUpdates = useMemo(() => interruptedUpdatesOf(snapshot.messages, snapshot.panels), [snapshot.messages, snapshot.panels]);
  // Buttons and choices spent by a stored turn, and the one being sent right now (before its turn reaches the thread).
  const [pendingPress, setPendingPress] = useState<string | null>(null);
  const sentKeys = useMemo(() => {
    const keys = sentButtonKeys(snapshot.messages);
    if (pendingPress !== null) keys.add(pendingPress);
    return keys;
  }, [snapshot.messages, pendingPress]);

  // Stopping lasts until the reply it stops has ended.
  // What Stop stops: the reply being written, or the stored reply being repaired.
  const liveId = snapshot.live?.messageId ?? view.repairing?.messageId ?? null;
  const [stoppingFor, setStoppingFor] = useState<string | null>(null);
  const stopping = stoppingFor !== null && stoppingFor === liveId;

  // A press, pick or restore refused in a panel says so there; a stale one also brings the current version (a fresh snapshot).
  const [panelNotices, setPanelNotices] = useState<ReadonlyMap<string, string>>(new Map());
  const notePanel = useCallback((panelId: string, notice: string | null) => {
    setPanelNotices((previous) => {
      if (notice === null && !previous.has(panelId)) return previous;
      const next = new Map(previous);
      if (notice === null) next.delete(panelId);
      else next.set(panelId, notice);
      return next;
    });
  }, []);
  const messagesRef = useRef(snapshot.messages);
  messagesRef.current = snapshot.messages;
  const recordsRef = useRef(placement.records);
  recordsRef.current = placement.records;

  const send = useCallback(
    async (turn: TurnRequest): Promise<SendOutcome & { stalePanel?: true }> => {
      if (sendingRef.current) return { error: "A message is already being sent." };
      sendingRef.current = true;
      try {
        await panelStates.flush().catch(() => {});
        const outcome =
          turn.kind === "prompt"
            ? await chatActions.sendMessage({ chatId, prompt: turn.prompt, modelId, ...(turn.attachmentIds?.length ? { attachmentIds: turn.attachmentIds } : {}) })
            : turn.kind === "action"
              ? await chatActions.sendPanelAction({ chatId, modelId, ...turn.press })
              : await chatActions.sendChoice({ chatId, modelId, ...turn.pick });
        if (!("error" in outcome)) return {};
        return "stalePanel" in outcome && outcome.stalePanel ? { error: outcome.error, stalePanel: true } : { error: outcome.error };
      } finally {
        sendingRef.current = false;
      }
    },
    [chatId, modelId, panelStates],
  );

  const sendPrompt = useCallback((prompt: string, attachmentIds: string[] = []) => send({ kind: "prompt", prompt, attachmentIds }), [send]);

  // Turns sent from inside the thread show their failure above the composer.
  const sendFromThread = useCallback(
    async (turn: TurnRequest) => {
      setSendError(null);
      const pressKey = turn.kind === "action" ? buttonPressKey(turn.press) : turn.kind === "choice" ? choicePickKey(turn.pick) : null;
      if (pressKey !== null) setPendingPress(pressKey);
      const panelId = turnPanelId(turn, messagesRef.current, recordsRef.current);
      const outcome = await send(turn);
      // Stored, the press or pick is in the thread from now on; refused, the button or choice may be used again.
      if (pressKey !== null) setPendingPress((current) => (current === pressKey ? null : current));
      if (panelId !== null) notePanel(panelId, outcome.stalePanel ? (outcome.error ?? null) : null);
      if (outcome.stalePanel) resync();
      else if (outcome.error !== undefined) setSendError(outcome.error);
    },
    [send, notePanel, resync],
  );

  // Restoring an earlier version of a panel: one send at a time, like a press.
  const restorePanel = useCallback(
    async (panelId: string, messageId: string) => {
      const record = recordsRef.current.get(panelId);
      if (sendingRef.current || record === undefined) return;
      sendingRef.current = true;
      setSendError(null);
      notePanel(panelId, null);
      try {
        await panelStates.flush().catch(() => {});
        const outcome = await chatActions.restorePanel({ chatId, panelId, messageId, revision: record.revision });
        if ("error" in outcome) {
          notePanel(panelId, outcome.error);
          if (outcome.stalePanel) resync();
        }
      } finally {
        sendingRef.current = false;
      }
    },
    [chatId, panelStates, notePanel, resync],
  );
  const messagesForVersions = snapshot.messages;
  const panelHistory = useMemo(() => {
    const cache = new Map<string, readonly PanelVersion[]>();
    return {
      versionsOf: (panelId: string) => {
        const record = placement.records.get(panelId);
        if (record === undefined) return [];
        let versions = cache.get(panelId);
        if (versions === undefined) {
          versions = panelVersions({ messages: messagesForVersions, panelId, dialect: record.dialect, currentMessageId: record.messageId });
          cache.set(panelId, versions);
        }
        return versions;
      },
      restore: streaming ? undefined : (panelId: string, messageId: string) => void restorePanel(panelId, messageId),
    };
  }, [placement.records, messagesForVersions, streaming, restorePanel]);

  // Regenerate, edit and version picks: one at a time, and none while a reply streams.
  const [acting, setActing] = useState(false);
  const [pendingFocus, setPendingFocus] = useState<PendingFocus | null>(null);
  const versions = snapshot.versions;
  const messages = snapshot.messages;
  const messageActions = useMemo<MessageActions>(() => {
    const groupOf = new Map<string, readonly string[]>();
    for (const group of versions ?? []) for (const id of group.messageIds) groupOf.set(id, group.messageIds);
    const act = async (work: () => Promise<string | null>): Promise<string | null> => {
      if (acting) return "Wait for the last action to finish.";
      setActing(true);
      setSendError(null);
      try {
        await panelStates.flush().catch(() => {});
        return await work();
      } finally {
        setActing(false);
      }
    };
    return {
      busy: streaming || acting,
      versionOf: (messageId) => {
        const ids = groupOf.get(messageId);
        return ids === undefined ? null : { index: ids.indexOf(messageId), ids };
      },
      canRegenerate: (messageId) => {
        const at = messages.findIndex((message) => message.id === messageId);
        const prompt = at > 0 ? messages[at - 1] : undefined;
        return prompt?.role === "user" && !prompt.silent;
      },
      regenerate: (messageId) =>
        void act(async () => {
          const outcome = await chatActions.regenerateReply({ chatId, messageId, modelId });
          if ("error" in outcome) setSendError(outcome.error);
          else setPendingFocus({ kind: "reply", messageId: outcome.replyMessageId });
          return null;
        }),
      edit: (messageId, prompt) =>
        act(async () => {
          const outcome = await chatActions.editMessage({ chatId, messageId, prompt, modelId });
          if ("error" in outcome) return outcome.error;
          focusComposer();
          return null;
        }),
      showVersion: (messageId, control) =>
        void act(async () => {
          const problem = await chatActions.showVersion({ chatId, messageId });
          if (problem !== null) setSendError(problem);
          else setPendingFocus({ kind: "version", messageId, control });
          return null;
        }),
    };
  }, [versions, messages, streaming, acting, panelStates, chatId, modelId]);

  // Focus follows an action once the thread shows its result (see the module comment).
  useEffect(() => {
    if (pendingFocus === null) return;
    const article = content.current?.querySelector<HTMLElement>(`article[data-message-id="${CSS.escape(pendingFocus.messageId)}"]`);
    if (!article) return;
    if (pendingFocus.kind === "reply") {
      if (!article.contains(document.activeElement)) article.focus({ preventScroll: false });
      // A streaming reply is replaced by its stored form when it ends: focus moves with it, then rests.
      if (messages.some((message) => message.id === pendingFocus.messageId)) setPendingFocus(null);
      return;
    }
    const wanted = article.querySelector<HTMLButtonElement>(`[data-version-control="${pendingFocus.control}"]`);
    const other = article.querySelector<HTMLButtonElement>(`[data-version-control="${pendingFocus.control === "next" ? "previous" : "next"}"]`);
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    setPendingFocus(null);
  }, [pendingFocus, messages, snapshot.live]);

  const stop = useCallback(async () => {
    if (liveId === null) return;
    setStoppingFor(liveId);
    const problem = await chatActions.stopReply({ chatId });
    if (problem !== null) {
      setStoppingFor(null);
      setSendError(problem);
    }
  }, [chatId, liveId]);

  useEscapeToStop(streaming, () => void stop());

  const saveSettings = useCallback(
    async (change: ChatSettingsChange): Promise<ChatSettingsSaveOutcome> => {
      const outcome = await chatActions.saveChatSettings({ chatId, settings: change });
      if ("error" in outcome) return outcome;
      setSettings(outcome.settings);
      return { settings: outcome.settings };
    },
    [chatId],
  );

  const threadContext = useMemo<ThreadContextValue>(
    () => ({
      placement,
      panelStates,
      updatingPanelId: silentTurn.panelId,
      interruptedUpdates,
      sentKeys,
      sendAction: streaming ? undefined : (press: PanelPress) => void sendFromThread({ kind: "action", press }),
      choose: streaming
        ? undefined
        : ({ messageId, block, choiceId, state }: ChoicePick) => {
            let values: UiRecord;
            try {
              values = choiceInputValues(block, state);
            } catch {
              // The view's state is not this block's: nothing it could send would be resolved as drawn.
              setSendError(CHOICE_REFUSED);
              return;
            }
            void sendFromThread({ kind: "choice", pick: { messageId, blockId: block.id, choiceId, values } });
          },
      messageActions,
      panelHistory,
      panelNotices,
      hostActionChatId: chatId,
    }),
    [placement, panelStates, silentTurn.panelId, interruptedUpdates, sentKeys, streaming, sendFromThread, messageActions, panelHistory, panelNotices, chatId],
  );

  // Every reply names its model by the name the picker shows.
  const modelNames = useMemo(() => new Map(models.map((model) => [model.id, model.displayName])), [models]);

  // The tab is titled after the chat, renamed live too (the server titles the first render the same way).
  const title = snapshot.chat.title;
  useEffect(() => {
    document.title = chatDocumentTitle(title);
  }, [title]);

  // Stored blocks read their queries and resolve their chips through the chat's routes.
  const projectData = useMemo(() => projectDataClient(chatId), [chatId]);

  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const { following, jumpToLatest } = useStickToBottom(scroller, content);

  // Deleted in another tab or on another device: say so, then leave for the start page.
  if (view.deleted) return <ChatDeletedNotice title={snapshot.chat.title} />;

  return (
    <ArtifactsFrame chatId={chatId} messages={snapshot.messages} live={snapshot.live}>
      <div className={styles.conversation}>
        <header className={styles.header}>
          <h1 className={styles.title}>{snapshot.chat.title}</h1>
          {!connected ? (
            <p role="status" className={styles.connection}>
              Reconnecting…
            </p>
          ) : null}
          <ArtifactsToggle />
        </header>
        <div className={styles.scroller} ref={scroller}>
          <div className={styles.content} ref={content}>
            <ThreadContext.Provider value={threadContext}>
              <ProjectDataContext.Provider value={projectData}>
                <ModelNamesContext.Provider value={modelNames}>
                  <MessageThread snapshot={snapshot} silentTurn={silentTurn} repairing={view.repairing} />
                </ModelNamesContext.Provider>
              </ProjectDataContext.Provider>
            </ThreadContext.Provider>
          </div>
        </div>
        <div className={styles.dock}>
          {!following ? (
            <button type="button" className={`button button-secondary button-small ${styles.jump}`} onClick={jumpToLatest}>
              Jump to latest ↓
            </button>
          ) : null}
          {sendError !== null ? (
            <p role="alert" className={styles.error}>
              {sendError}
            </p>
          ) : null}
          <Composer
            onSend={sendPrompt}
            streaming={streaming}
            onStop={stop}
            stopping={stopping}
            autoFocus
            tools={
              <ComposerTools>
                <ModelPicker models={models} value={modelId} onChange={setModelId} />
                <ChatSettingsDialog settings={settings} onSave={saveSettings} />
              </ComposerTools>
            }
          />
        </div>
      </div>
    </ArtifactsFrame>
  );
}
