"use client";
/**
 * An HTML artifact running in a sandboxed frame. The frame's document comes
 * from its own route, whose policy makes it an opaque origin with no network
 * (lib/artifacts/artifact-responses.ts); the frame adds the same sandbox —
 * `allow-scripts` only, never `allow-same-origin`, no popups, no top
 * navigation, no forms. A page can still navigate its own frame; if it
 * does, the frame is taken down at once and a notice stands in its place,
 * so another site is never shown inside the app.
 */
import { useRef, useState } from "react";
import styles from "./artifacts.module.css";

/** The one permission the frame has. */
export const ARTIFACT_FRAME_SANDBOX = "allow-scripts";

/** Props of `ArtifactPageFrame` (key it by `src`: a new page is a new frame). */
export type ArtifactPageFrameProps = { src: string; title: string };

/** The sandboxed page; see the module comment. */
export function ArtifactPageFrame({ src, title }: ArtifactPageFrameProps) {
  const loads = useRef(0);
  const [stopped, setStopped] = useState(false);
  const [attempt, setAttempt] = useState(0);
  if (stopped) {
    return (
      <div className={styles.notice} role="status">
        <p>The page tried to leave its frame by loading another address, so its preview was stopped.</p>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => {
            loads.current = 0;
            setStopped(false);
            setAttempt((count) => count + 1);
          }}
        >
          Run it again
        </button>
      </div>
    );
  }
  return (
    <iframe
      key={attempt}
      className={styles.pageFrame}
      src={src}
      title={title}
      sandbox={ARTIFACT_FRAME_SANDBOX}
      referrerPolicy="no-referrer"
      allow=""
      onLoad={() => {
        loads.current += 1;
        if (loads.current > 1) setStopped(true);
      }}
    />
  );
}
