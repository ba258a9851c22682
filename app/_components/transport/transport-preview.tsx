"use client";
/**
 * A reply seen through a transport: the web chat's rendering, or the text
 * an instant-messaging bridge or a terminal would show instead
 * (`transport-text.ts`), with a warning when that text does not stand on
 * its own. `TransportTabs` is the switch (the ARIA tabs pattern: arrow keys
 * move between tabs), `TransportPanel` what it shows; `TransportPreview`
 * puts the two together with the switch above (a comparison pane), and a
 * chat reply puts its switch among the reply's actions.
 */
import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { TRANSPORTS, transportView, type ReplyContent, type Transport } from "./transport-text";
import styles from "./transport-preview.module.css";

/** Each transport's name on its tab. */
export const TRANSPORT_LABELS: Record<Transport, string> = { web: "Web", im: "IM", terminal: "Terminal" };

/** The ids that tie a switch to the panel it controls. */
export type TransportIds = { base: string };

/** A transport choice and the ids of its switch and panel. */
export function useTransport(): { transport: Transport; setTransport: (transport: Transport) => void; ids: TransportIds } {
  const [transport, setTransport] = useState<Transport>("web");
  return { transport, setTransport, ids: { base: useId() } };
}

/** The Web / IM / Terminal switch. */
export function TransportTabs({
  transport,
  onChange,
  ids,
  label,
  compact = false,
}: {
  transport: Transport;
  onChange: (transport: Transport) => void;
  ids: TransportIds;
  /** What the tabs are about, for screen readers ("Pane A", "This reply"). */
  label: string;
  /** Drawn small, among other controls (a reply's actions). */
  compact?: boolean;
}) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + TRANSPORTS.length) % TRANSPORTS.length;
    onChange(TRANSPORTS[next]!);
    tabs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={`${label}: show as`} className={compact ? styles.compactTabs : styles.tabs}>
      {TRANSPORTS.map((name, index) => (
        <button
          key={name}
          ref={(element) => {
            tabs.current[index] = element;
          }}
          type="button"
          role="tab"
          id={`${ids.base}-${name}`}
          aria-selected={transport === name}
          aria-controls={`${ids.base}-panel`}
          tabIndex={transport === name ? 0 : -1}
          className={compact ? styles.compactTab : styles.tab}
          onClick={() => onChange(name)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {TRANSPORT_LABELS[name]}
        </button>
      ))}
    </div>
  );
}

/**
 * What the chosen transport shows: `children` for the web (kept mounted
 * under the text views, so a panel keeps its state and nothing redraws on
 * the way back), otherwise the text of `reply` (null: nothing yet) and what
 * it lacks there — worked out only while a text view is shown, since a
 * streaming reply changes many times a second.
 */
export function TransportPanel({
  transport,
  ids,
  reply,
  label,
  children,
  switchable = true,
}: {
  transport: Transport;
  ids: TransportIds;
  reply: ReplyContent | null;
  label: string;
  children: ReactNode;
  /** False where no tabs name this panel yet (a chat's reply still arriving): the same element, not a tab panel. */
  switchable?: boolean;
}) {
  const view = useMemo(() => (transport === "web" || reply === null ? null : transportView(reply)), [transport, reply]);
  return (
    <div
      role={switchable ? "tabpanel" : undefined}
      id={switchable ? `${ids.base}-panel` : undefined}
      aria-labelledby={switchable ? `${ids.base}-${transport}` : undefined}
      className={styles.panel}
    >
      <div hidden={transport !== "web"} className={styles.web}>
        {children}
      </div>
      {transport === "web" ? null : view === null ? (
        <p className={styles.empty}>Nothing to show yet.</p>
      ) : (
        <>
          {view.hiddenCards > 0 ? (
            <p className={styles.note}>
              {view.hiddenCards === 1 ? "A card of this reply is" : `${view.hiddenCards} cards of this reply are`} not shown in {TRANSPORT_LABELS[transport]}: only the text is.
            </p>
          ) : null}
          {view.problems.length > 0 ? (
            <div role="note" aria-label="Does not stand on its own" className={styles.problems}>
              <strong>Does not stand on its own here.</strong>
              <ul>
                {view.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {view.text === "" ? (
            <p className={styles.empty}>(nothing: this transport shows no text for this reply)</p>
          ) : (
            <pre className={transport === "terminal" ? styles.terminal : styles.im} role="region" tabIndex={0} aria-label={`${label} as ${TRANSPORT_LABELS[transport]} shows it`}>
              {view.text}
            </pre>
          )}
        </>
      )}
    </div>
  );
}

/** Props of `TransportPreview`. */
export type TransportPreviewProps = {
  /** The reply as the web chat draws it. */
  children: ReactNode;
  /** The reply IM and the terminal show as text (null: nothing yet). */
  reply: ReplyContent | null;
  /** What the tabs are about, for screen readers ("Pane A"). */
  label: string;
};

/** The transport switch over a reply (see the file comment). */
export function TransportPreview({ children, reply, label }: TransportPreviewProps) {
  const { transport, setTransport, ids } = useTransport();
  return (
    <div className={styles.preview}>
      <TransportTabs transport={transport} onChange={setTransport} ids={ids} label={label} />
      <TransportPanel transport={transport} ids={ids} reply={reply} label={label}>
        {children}
      </TransportPanel>
    </div>
  );
}
