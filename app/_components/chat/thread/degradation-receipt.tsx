"use client";

import type { ReceiptEntry } from "@/lib/chat/wire";
import styles from "./thread.module.css";

/** "1 part hidden/trimmed", "3 parts hidden/trimmed". */
function receiptSummary(count: number): string {
  return `${count} ${count === 1 ? "part" : "parts"} hidden/trimmed`;
}

/**
 * A reply's degradation receipt: what the final compile and the JSON dialect
 * hid, trimmed or dropped, as one line that expands to the list (code, where,
 * message). The same entries go into the model's next prompt.
 */
export function DegradationReceipt({ entries }: { entries: readonly ReceiptEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <details className={styles.receipt}>
      <summary>{receiptSummary(entries.length)}</summary>
      <ul className={styles.receiptList}>
        {entries.map((entry, index) => (
          <li key={index}>
            <code>{entry.code}</code> <span className={styles.receiptWhere}>{entry.where}</span>
            <span className={styles.receiptMessage}>{entry.message}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
