/**
 * The inspector's account of a reply's repair round (lib/chat/final/reply-repair.ts):
 * on a repaired version, each block the model was asked to rewrite — what
 * was wrong with it, and the block as first written and as it now stands;
 * on an original whose repair failed, why, and what each block still has.
 * Model-written sources are drawn as text, their controls, bidi and
 * invisible characters as marks (`⟨U+202E⟩`).
 */
import { useId } from "react";
import type { RepairedBlock, ReplyRepair } from "@/lib/chat/final/reply-repair";
import { visibleControls } from "@/lib/security/visible-controls";
import { dataCheckLabel } from "./finding-words";
import styles from "./inspector.module.css";

/** The summary line's words for a repair ("1 block was repaired", "repair failed for 2 blocks"). */
export function repairSummary(repair: ReplyRepair): string {
  if (repair.status === "failed") return `repair failed for ${blockCount(repair.blocks.length)}`;
  const replaced = repair.blocks.filter((block) => block.after !== undefined).length;
  return `${blockCount(replaced)} ${replaced === 1 ? "was" : "were"} repaired`;
}

function blockCount(count: number): string {
  return count === 1 ? "1 block" : `${count} blocks`;
}

function blockName(block: RepairedBlock): string {
  return block.dialect === "ui" ? `UI block ${block.position}` : `JSON panel ${block.position}`;
}

/** The repair group of the inspector's panel. */
export function RepairRecord({ repair }: { repair: ReplyRepair }) {
  const titleId = useId();
  return (
    <div role="group" aria-labelledby={titleId} className={styles.group} data-group="repair" data-repair={repair.status}>
      <p id={titleId} className={styles.groupTitle}>
        {repair.status === "repaired" ? "Repaired" : "Repair failed"}
      </p>
      <p className={styles.sentence}>
        {repair.status === "repaired"
          ? "The model was asked once more for the blocks it had written wrongly; the rewrites that compile, and show the project's data, better replaced them, and nothing else in the reply changed. The earlier version is the reply as first written."
          : repair.reason}
      </p>
      <ol className={styles.findings}>
        {repair.blocks.map((block) => (
          <RepairedBlockItem key={`${block.dialect}-${block.position}`} block={block} />
        ))}
      </ol>
    </div>
  );
}

function RepairedBlockItem({ block }: { block: RepairedBlock }) {
  const name = blockName(block);
  const replaced = block.after !== undefined;
  return (
    <li className={styles.finding} data-kind={replaced ? "repaired" : "hidden"} data-repaired-block={replaced ? "replaced" : "kept"}>
      <p className={styles.sentence}>
        {replaced
          ? `${name} was replaced: ${errors(block.diagnostics.length)} before, ${errors(block.diagnosticsAfter?.length ?? 0)} now.`
          : `${name} was kept as written. ${block.rejected ?? ""}`.trim()}
      </p>
      <ul className={styles.repairDiagnostics} aria-label={`What was wrong with ${name}`}>
        {block.diagnostics.map((diagnostic, index) => (
          <li key={index} {...(diagnostic.check !== undefined ? { "data-check": diagnostic.check } : {})}>
            <code className={styles.code}>{diagnostic.code}</code>{" "}
            {diagnostic.check !== undefined ? (
              <>
                <span className={styles.check}>{dataCheckLabel(diagnostic.check)}</span>{" "}
              </>
            ) : null}
            <span className={styles.message}>{diagnostic.message}</span>
          </li>
        ))}
      </ul>
      <pre className={styles.excerpt} role="figure" aria-label={`${name} as first written`}>
        <code>{visibleControls(block.before)}</code>
      </pre>
      {block.after !== undefined ? (
        <pre className={styles.excerpt} role="figure" aria-label={`${name} as repaired`}>
          <code>{visibleControls(block.after)}</code>
        </pre>
      ) : null}
    </li>
  );
}

function errors(count: number): string {
  return count === 0 ? "no errors" : count === 1 ? "1 error" : `${count} errors`;
}
