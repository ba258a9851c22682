"use client";

import { formatNumber } from "../format/format-number";
import type { WidgetTone } from "../tone/tone";
import toneStyles from "../tone/tone.module.css";
import styles from "./progress-bar.module.css";

/** Props of `ProgressBar`. */
export type ProgressBarProps = {
  /** Percent done; clamped to 0–100 (a non-finite value counts as 0); null (not known yet) shows "—" and an empty bar. */
  value: number | null;
  /** What progresses; also the bar's accessible name. */
  label?: string;
  /** The colour intent of the bar (default info). */
  tone?: WidgetTone;
};

/** Clamps a percentage to 0–100. */
export function clampPercent(value: number): number {
  return Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;
}

/** A labelled progress bar with its percentage written out. */
export function ProgressBar({ value, label, tone = "info" }: ProgressBarProps) {
  const known = value !== null;
  const percent = known ? clampPercent(value) : 0;
  const text = known ? `${formatNumber(Math.round(percent * 10) / 10)}%` : "—";
  return (
    <div className={`${styles.progress} ${toneStyles[tone]}`}>
      <div className={styles.header}>
        {label ? <span className={styles.label}>{label}</span> : null}
        <span className={styles.percent}>{text}</span>
      </div>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={label ?? "Progress"}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={known ? percent : undefined}
        aria-valuetext={known ? text : "Not known yet"}
      >
        <div className={styles.fill} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
