"use client";

/** Renderers of the catalog's Status group: Summary, Callout, Tag, Progress, Steps, Step. */
import type { UiComponentName } from "@/lib/ui/catalog";
import { ProgressBar } from "../../widgets/progress-bar/progress-bar";
import { WIDGET_TONE_SIGNS } from "../../widgets/tone/tone";
import toneStyles from "../../widgets/tone/tone.module.css";
import { ToneBadge } from "../../widgets/tone-badge/tone-badge";
import { numberProp, textProp, toneProp } from "../node-props";
import type { UiRenderer, UiRendererProps } from "../render-context";
import { UiChildren, UiListChildren } from "../ui-node-view";
import styles from "./renderers.module.css";

/** A short paragraph. */
function Summary({ node }: UiRendererProps) {
  return (
    <div className={styles.summary}>
      <UiChildren nodes={node.children} inline />
    </div>
  );
}

/** A highlighted note, its tone said by icon and word as well as colour. */
function Callout({ node }: UiRendererProps) {
  const tone = toneProp(node) ?? "info";
  const title = textProp(node, "title");
  const sign = WIDGET_TONE_SIGNS[tone];
  return (
    <div className={`${styles.callout} ${toneStyles[tone]}`} role="note" data-tone={tone}>
      <span className={styles.calloutIcon} aria-hidden="true">
        {sign.icon}
      </span>
      <div className={styles.calloutBody}>
        <span className="visually-hidden">{`${sign.word}: `}</span>
        {title ? <strong className={styles.calloutTitle}>{title}</strong> : null}
        <div>
          <UiChildren nodes={node.children} inline />
        </div>
      </div>
    </div>
  );
}

/** A small coloured label. */
function Tag({ node }: UiRendererProps) {
  return (
    <ToneBadge tone={toneProp(node)}>
      <UiChildren nodes={node.children} inline />
    </ToneBadge>
  );
}

/** A progress bar; a null value (a query still loading) is drawn as "—". */
function Progress({ node }: UiRendererProps) {
  return <ProgressBar value={numberProp(node, "value") ?? null} label={textProp(node, "label")} tone={toneProp(node)} />;
}

/** An ordered list of steps. */
function Steps({ node }: UiRendererProps) {
  const title = textProp(node, "title");
  return (
    <div className={styles.steps}>
      {title ? <div className={styles.groupTitle}>{title}</div> : null}
      <ol className={styles.stepList}>
        <UiListChildren nodes={node.children} itemType="Step" />
      </ol>
    </div>
  );
}

/** How each step status looks and reads. */
const STEP_STATUS = {
  pending: { icon: "○", word: "Pending", tone: "neutral" },
  active: { icon: "●", word: "In progress", tone: "info" },
  done: { icon: "✓", word: "Done", tone: "success" },
  failed: { icon: "✕", word: "Failed", tone: "danger" },
} as const;

/** One step: its status as an icon and a word, its title and detail. */
function Step({ node }: UiRendererProps) {
  const raw = textProp(node, "status");
  const status = raw === "active" || raw === "done" || raw === "failed" ? raw : "pending";
  const look = STEP_STATUS[status];
  return (
    <li className={`${styles.step} ${toneStyles[look.tone]}`} data-status={status} aria-current={status === "active" ? "step" : undefined}>
      <span className={styles.stepIcon} aria-hidden="true">
        {look.icon}
      </span>
      <div className={styles.stepBody}>
        <span className={styles.stepTitle}>{textProp(node, "title") ?? ""}</span>
        <span className={styles.stepStatus}>{look.word}</span>
        {node.children.length > 0 ? (
          <div className={styles.stepDetail}>
            <UiChildren nodes={node.children} inline />
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** The Status group's renderers. */
export const STATUS_RENDERERS = { Summary, Callout, Tag, Progress, Steps, Step } satisfies Partial<Record<UiComponentName, UiRenderer>>;
