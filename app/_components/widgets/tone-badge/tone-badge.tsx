"use client";

import type { ReactNode } from "react";
import { WIDGET_TONE_SIGNS, type WidgetTone } from "../tone/tone";
import toneStyles from "../tone/tone.module.css";
import styles from "./tone-badge.module.css";

/** Props of `ToneBadge`. */
export type ToneBadgeProps = {
  /** The colour intent (default neutral). */
  tone?: WidgetTone;
  /** The badge's text: one or two words. */
  children?: ReactNode;
};

/** A small coloured label with the tone's icon, and its word for screen readers. */
export function ToneBadge({ tone = "neutral", children }: ToneBadgeProps) {
  const sign = WIDGET_TONE_SIGNS[tone];
  return (
    <span className={`${styles.badge} ${toneStyles[tone]}`} data-tone={tone} title={sign.word}>
      <span className={styles.icon} aria-hidden="true">
        {sign.icon}
      </span>
      {tone !== "neutral" ? <span className="visually-hidden">{`${sign.word}: `}</span> : null}
      <span className={styles.text}>{children}</span>
    </span>
  );
}
