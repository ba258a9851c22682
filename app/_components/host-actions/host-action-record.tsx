/**
 * Where a reply had the host do something (`rerun_tests`, `file_issue`): one
 * line saying what was done — "Re-ran 3 failed tests — run #1843: 2 passed,
 * 1 failed" — or what was refused and why. A repeat of a request already
 * performed says so: nothing new happened. The line is the host's, written
 * from what it stored; the model wrote none of it.
 */
import type { HostActionCard } from "@/lib/host-actions/host-action-card";
import styles from "./host-action-record.module.css";

/** What the record is called, for assistive technology and as its visible tag. */
const ACTION_NAMES: Record<HostActionCard["name"], string> = {
  rerun_tests: "Test re-run",
  file_issue: "Issue",
};

/** A reply's record of a host action; see the module comment. */
export function HostActionRecord({ card }: { card: HostActionCard }) {
  const name = ACTION_NAMES[card.name];
  return (
    <p role="note" aria-label={`${name}: ${card.ok ? "done" : "not done"}`} className={card.ok ? styles.record : styles.refused}>
      <span className={styles.mark} aria-hidden="true">
        {card.ok ? "✓" : "✕"}
      </span>
      <span className={styles.line}>{card.line}</span>
      {card.replayed ? <span className={styles.note}>already done for this request</span> : null}
    </p>
  );
}
