"use client";
/**
 * A reply seen through a transport: the web chat's rendering (what
 * `children` draws), or the text an instant-messaging bridge or a terminal
 * would show instead (`transport-text.ts`). Tabs follow the ARIA tabs
 * pattern: arrow keys move between them.
 */
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { TRANSPORTS, type Transport } from "./transport-text";
import styles from "./transport-preview.module.css";

const LABELS: Record<Transport, string> = { web: "Web", im: "IM", terminal: "Terminal" };

/** Props of `TransportPreview`. */
export type TransportPreviewProps = {
  /** The reply as the web chat draws it. */
  children: ReactNode;
  /** The reply's text for IM and the terminal (null: nothing stored yet). */
  text: string | null;
  /** What the tabs are about, for screen readers ("Pane A"). */
  label: string;
};

/** The transport tabs over a reply (see the file comment). */
export function TransportPreview({ children, text, label }: TransportPreviewProps) {
  const [transport, setTransport] = useState<Transport>("web");
  const base = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + TRANSPORTS.length) % TRANSPORTS.length;
    setTransport(TRANSPORTS[next]!);
    tabs.current[next]?.focus();
  };
  return (
    <div className={styles.preview}>
      <div role="tablist" aria-label={`${label}: show as`} className={styles.tabs}>
        {TRANSPORTS.map((name, index) => (
          <button
            key={name}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${base}-${name}`}
            aria-selected={transport === name}
            aria-controls={`${base}-panel`}
            tabIndex={transport === name ? 0 : -1}
            className={styles.tab}
            onClick={() => setTransport(name)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {LABELS[name]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-${transport}`} className={styles.panel}>
        {transport === "web" ? (
          children
        ) : text === null ? (
          <p className={styles.empty}>Nothing to show yet.</p>
        ) : (
          <pre className={transport === "terminal" ? styles.terminal : styles.im} tabIndex={0} aria-label={`${label} as ${LABELS[transport]} shows it`}>
            {text}
          </pre>
        )}
      </div>
    </div>
  );
}
