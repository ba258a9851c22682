"use client";

import { formatNumber, formatSignedNumber } from "../format/format-number";
import { WIDGET_TONE_SIGNS, type WidgetTone } from "../tone/tone";
import toneStyles from "../tone/tone.module.css";
import styles from "./stat-card.module.css";

/** Props of `StatCard`. */
export type StatCardProps = {
  /** What the figure is. */
  label: string;
  /** The figure: a number (formatted) or short text (as is); null (not known yet, a query still loading) shows "—". */
  value: number | string | null;
  /** The figure waits for query data: `loading` until it answers, `failed` when it could not be read. */
  waiting?: "loading" | "failed";
  /** A unit after the value (`ms`, `%`). */
  unit?: string;
  /**
   * A change: a signed number, or text such as "+12%" whose leading sign
   * decides its direction. Coloured by that direction unless `tone` is given.
   */
  delta?: number | string;
  /** The colour intent of the card; it also colours the delta unless `better` is given. */
  tone?: WidgetTone;
  /**
   * Which direction of the delta is good news: a rise in latency is bad, so a
   * latency stat says "lower" and its rise is drawn as danger. When given it
   * decides the delta's colour (the card keeps `tone`).
   */
  better?: "higher" | "lower";
  /** Where the value came from, when the host read it (the tooltip of its dotted underline). */
  hostData?: string;
  /** The model typed the value beside figures read from the host: marked unverified. */
  unverified?: boolean;
};

/** What stands for a value not known yet: a dash, never an error or an empty card. */
export const STAT_UNKNOWN_VALUE = "—";

/** The colour of a delta: by `better` when given, else the card's tone, else rising is good. */
export function deltaTone(direction: "up" | "down" | "flat", tone: WidgetTone | undefined, better: "higher" | "lower" | undefined): WidgetTone {
  if (direction === "flat") return better ? "neutral" : (tone ?? "neutral");
  if (better === undefined && tone !== undefined) return tone;
  const good = better === "lower" ? direction === "down" : direction === "up";
  return good ? "success" : "danger";
}

/** Which way a delta points: up, down or flat, from its number or the sign its text starts with. */
export function deltaDirection(delta: number | string): "up" | "down" | "flat" {
  if (typeof delta === "number") return delta > 0 ? "up" : delta < 0 ? "down" : "flat";
  const first = delta.trim().charAt(0);
  if (first === "+" || first === "▲" || first === "↑") return "up";
  if (first === "-" || first === "\u2212" || first === "▼" || first === "↓") return "down";
  return "flat";
}

/** The arrow and words of each direction (colour is never the only signal). */
const DIRECTION_SIGNS = {
  up: { icon: "▲", word: "up" },
  down: { icon: "▼", word: "down" },
  flat: { icon: "■", word: "unchanged" },
} as const;

/** What a card whose figure waits for data draws in its place: a quiet bar while loading, words when the data failed. */
export const STAT_NOT_LOADED = "Not loaded";

/**
 * One key figure: label, value with unit, and an optional change with an
 * arrow. With `waiting`, the figure is not known yet (its query is loading)
 * or could not be read (it failed): the card shows its label and that, with
 * no value, unit, change or tone — none of them is a fact yet.
 */
export function StatCard({ label, value, unit, delta, tone, better, hostData, unverified = false, waiting }: StatCardProps) {
  if (waiting !== undefined) {
    return (
      <div className={styles.card} data-live-state={waiting} data-known="false">
        <div className={styles.label}>{label}</div>
        <div className={styles.value}>
          {waiting === "loading" ? (
            <span className={styles.loadingValue}>
              <span className="visually-hidden">Loading</span>
            </span>
          ) : (
            <span className={styles.notLoaded}>{STAT_NOT_LOADED}</span>
          )}
        </div>
      </div>
    );
  }
  const known = value !== null;
  const shown = value === null ? STAT_UNKNOWN_VALUE : typeof value === "number" ? formatNumber(value) : value;
  const direction = delta === undefined ? undefined : deltaDirection(delta);
  const changeTone = direction === undefined ? undefined : deltaTone(direction, tone, better);
  return (
    <div className={`${styles.card} ${tone ? toneStyles[tone] : ""}`} data-tone={tone} data-known={known ? undefined : "false"}>
      <div className={styles.label}>{label}</div>
      <div className={styles.value}>
        {hostData !== undefined ? (
          <span className={styles.hostData} title={hostData} data-host-data="">
            {shown}
          </span>
        ) : known ? (
          shown
        ) : (
          <span title="Not known yet">{shown}</span>
        )}
        {unit && known ? <span className={styles.unit}> {unit}</span> : null}
      </div>
      {unverified && known ? (
        <div className={styles.unverified} data-unverified="" title="The model typed this figure; it was not read from the project's data.">
          unverified
        </div>
      ) : null}
      {delta !== undefined && direction && changeTone ? (
        <div className={`${styles.delta} ${toneStyles[changeTone]}`} data-direction={direction} data-tone={changeTone}>
          <span aria-hidden="true">{DIRECTION_SIGNS[direction].icon} </span>
          <span className="visually-hidden">{`Change ${DIRECTION_SIGNS[direction].word}: `}</span>
          {typeof delta === "number" ? formatSignedNumber(delta) : delta}
        </div>
      ) : null}
      {tone && tone !== "neutral" ? <span className="visually-hidden">{` (${WIDGET_TONE_SIGNS[tone].word})`}</span> : null}
    </div>
  );
}
