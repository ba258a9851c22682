"use client";
/**
 * One pane of a comparison run: its reply, live through the pane's channel
 * (names masked on the server while the run is blind), drawn by the chat's
 * own thread renderer — the one renderer for model output — with its
 * buttons and choices inert (a comparison asks once). Stop while it writes,
 * Retry once it ended; Web / IM / Terminal show it as each transport would.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import type { ComparePaneView } from "@/lib/compare/run/compare-view";
import type { AssistantMessage } from "@/lib/chat/wire";
import { interruptedUpdatesOf } from "../chat/chat-state/interrupted-updates";
import { silentTurnOf } from "../chat/chat-state/silent-turn";
import { useChatChannel } from "../chat/live/use-chat-channel";
import { placePanels } from "../chat/panels/place-panels";
import { usePanelStates } from "../chat/panels/use-panel-states";
import { projectDataClient } from "../chat/project-data/project-data-client";
import { ProjectDataContext } from "../chat/project-data/project-data-context";
import { MessageThread } from "../chat/thread/message-thread";
import { ThreadContext, type ThreadContextValue } from "../chat/thread/thread-context";
import { TransportPreview } from "../transport/transport-preview";
import styles from "./compare-run.module.css";

/** Props of `ComparePane`. */
export type ComparePaneProps = {
  runId: string;
  pane: ComparePaneView;
  /** True for the run's owner: the pane can be stopped and retried, and its blocks read project data. */
  owner: boolean;
  /** Retry is offered (not after the vote). */
  canRetry: boolean;
  /** Called when the pane's reply ends here (the run's metrics are read again). */
  onEnded: () => void;
  onStop: () => Promise<string | null>;
  onRetry: () => Promise<string | null>;
};

const STATUS_WORDS: Record<ComparePaneView["status"], string> = { streaming: "Writing…", complete: "Done", stopped: "Stopped", error: "Failed" };

/** The pane's newest stored reply, if any. */
function lastReply(messages: readonly { role: string }[]): AssistantMessage | null {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message?.role === "assistant") return message as AssistantMessage;
  }
  return null;
}

/** One pane (see the file comment). */
export function ComparePane({ runId, pane, owner, canRetry, onEnded, onStop, onRetry }: ComparePaneProps) {
  const eventsPath = `/api/compare/${encodeURIComponent(runId)}/panes/${encodeURIComponent(pane.id)}/events`;
  const { view, connected } = useChatChannel(pane.snapshot, eventsPath);
  const snapshot = view.snapshot;
  const live = snapshot.live;
  const reply = lastReply(snapshot.messages);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  // The reply ended here: the stored metrics follow it.
  const wasLive = useRef(live !== null);
  useEffect(() => {
    if (wasLive.current && live === null) onEnded();
    wasLive.current = live !== null;
  }, [live, onEnded]);

  const panelStates = usePanelStates(snapshot.panels, async () => {});
  const placement = useMemo(() => placePanels(snapshot.messages, snapshot.panels), [snapshot.messages, snapshot.panels]);
  const silentTurn = useMemo(() => silentTurnOf(snapshot), [snapshot]);
  const interruptedUpdates = useMemo(() => interruptedUpdatesOf(snapshot.messages, snapshot.panels), [snapshot.messages, snapshot.panels]);
  const context = useMemo<ThreadContextValue>(
    () => ({ placement, panelStates, updatingPanelId: null, interruptedUpdates, sentKeys: new Set(), sendAction: undefined, choose: undefined }),
    [placement, panelStates, interruptedUpdates],
  );
  const projectData = useMemo(() => (owner ? projectDataClient(snapshot.chat.id) : null), [owner, snapshot.chat.id]);
  const status: ComparePaneView["status"] = live !== null ? "streaming" : (reply?.status ?? pane.status);
  const title = pane.modelName ? `${pane.label} · ${pane.modelName}` : `Pane ${pane.label}`;

  const act = async (operation: () => Promise<string | null>) => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    const error = await operation();
    if (error !== null) setProblem(error);
    setBusy(false);
  };

  return (
    <section className={styles.pane} aria-labelledby={`pane-${pane.id}-title`} aria-busy={status === "streaming"} data-pane={pane.label}>
      <header className={styles.paneHeader}>
        <h2 className={styles.paneTitle} id={`pane-${pane.id}-title`}>
          {title}
        </h2>
        <p className={styles.paneStatus} data-status={status}>
          <span role="status">{STATUS_WORDS[status]}</span>
          {pane.attempt > 1 ? <span> · attempt {pane.attempt}</span> : null}
          {!connected ? <span> · reconnecting…</span> : null}
        </p>
        {owner ? (
          <div className={styles.paneActions}>
            {status === "streaming" ? (
              <button type="button" className="button button-secondary button-small" disabled={busy} onClick={() => void act(onStop)}>
                Stop {pane.label}
              </button>
            ) : canRetry ? (
              <button type="button" className="button button-secondary button-small" disabled={busy} onClick={() => void act(onRetry)}>
                Retry {pane.label}
              </button>
            ) : null}
          </div>
        ) : null}
      </header>
      {pane.leaked ? <p className={styles.paneNote}>This reply named its model, so a vote on it is left out of the ratings.</p> : null}
      {problem !== null ? (
        <p role="alert" className={styles.paneError}>
          {problem}
        </p>
      ) : null}
      <TransportPreview reply={live ?? reply ?? null} label={title}>
        <div className={styles.paneBody}>
          <ThreadContext.Provider value={context}>
            <ProjectDataContext.Provider value={projectData}>
              <MessageThread snapshot={{ ...snapshot, messages: snapshot.messages.filter((message) => message.role === "assistant") }} silentTurn={silentTurn} />
            </ProjectDataContext.Provider>
          </ThreadContext.Provider>
          {live === null && reply === null ? <p className={styles.paneEmpty}>{status === "error" ? "This pane could not start." : "Waiting for the model…"}</p> : null}
        </div>
      </TransportPreview>
    </section>
  );
}
