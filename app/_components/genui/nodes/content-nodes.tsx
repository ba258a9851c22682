"use client";
/**
 * The read-only content nodes: `text`, `stat`, `badge`, `callout`, `list`,
 * `keyvalue`, `progress` and `divider`. Every string is a React text child,
 * never markup: `<b>` in a model's text shows as those three characters.
 */
import type { GenuiBadgeNode, GenuiCalloutNode, GenuiKeyValueNode, GenuiListNode, GenuiProgressNode, GenuiStatNode, GenuiTextNode } from "@/lib/genui";
import { ProgressBar } from "../../widgets/progress-bar/progress-bar";
import { StatCard } from "../../widgets/stat-card/stat-card";
import { WIDGET_TONE_SIGNS } from "../../widgets/tone/tone";
import toneStyles from "../../widgets/tone/tone.module.css";
import { ToneBadge } from "../../widgets/tone-badge/tone-badge";
import styles from "../genui.module.css";

/** `text`: a paragraph of plain text; line breaks in it are kept. */
export function TextNode({ node }: { node: GenuiTextNode }) {
  return <p className={styles.text}>{node.text}</p>;
}

/** `stat`: a key figure with an optional change. */
export function StatNode({ node }: { node: GenuiStatNode }) {
  return <StatCard label={node.label} value={node.value} delta={node.delta} tone={node.tone} />;
}

/** `badge`: a short tag whose tone is also said in words. */
export function BadgeNode({ node }: { node: GenuiBadgeNode }) {
  return (
    <span>
      <ToneBadge tone={node.tone}>{node.text}</ToneBadge>
    </span>
  );
}

/** `callout`: a highlighted note; its tone shows as a symbol and, for screen readers, a word. */
export function CalloutNode({ node }: { node: GenuiCalloutNode }) {
  const tone = node.tone ?? "neutral";
  const sign = WIDGET_TONE_SIGNS[tone];
  return (
    <div className={`${styles.callout} ${toneStyles[tone]}`} data-tone={tone} role="note">
      <span className={styles.calloutSymbol} aria-hidden="true" title={sign.word}>
        {sign.icon}
      </span>
      <div className={styles.calloutBody}>
        {tone !== "neutral" ? <span className="visually-hidden">{`${sign.word}: `}</span> : null}
        {node.title !== undefined ? <span className={styles.calloutTitle}>{node.title}</span> : null}
        <p className={styles.calloutText}>{node.text}</p>
      </div>
    </div>
  );
}

/** `list`: a bulleted list of strings or label–value pairs. */
export function ListNode({ node }: { node: GenuiListNode }) {
  return (
    <ul className={styles.list}>
      {node.items.map((item, index) =>
        typeof item === "string" ? (
          <li key={index}>{item}</li>
        ) : (
          <li key={index}>
            <strong>{item.label}</strong>
            {item.value !== undefined ? <span className={styles.listValue}>{` — ${item.value}`}</span> : null}
          </li>
        ),
      )}
    </ul>
  );
}

/** `keyvalue`: a two-column definition list. */
export function KeyValueNode({ node }: { node: GenuiKeyValueNode }) {
  return (
    <dl className={styles.keyvalue}>
      {node.items.map((item, index) => (
        <div key={index} style={{ display: "contents" }}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** `progress`: a bar with its percentage written out; the value is already clamped to 0–100. */
export function ProgressNode({ node }: { node: GenuiProgressNode }) {
  return <ProgressBar value={node.value} label={node.label} />;
}

/** `divider`: a rule between groups. */
export function DividerNode() {
  return <hr className={styles.divider} />;
}
