"use client";

import { TEXT_REPLACED_CODE, UNKNOWN_TOOL_CODE } from "@/lib/chat/final/boundary-receipt";
import type { ReceiptEntry } from "@/lib/chat/wire";
import styles from "./thread.module.css";

/**
 * "3 parts hidden/trimmed", and what the model boundary did when it did
 * something: "1 tool call refused" (a refused call is not a trimmed part),
 * "characters replaced". Counts of either are in the entries themselves.
 */
function receiptSummary(entries: readonly ReceiptEntry[]): string {
  const refused = entries.filter((entry) => entry.code === UNKNOWN_TOOL_CODE).length;
  const replaced = entries.some((entry) => entry.code === TEXT_REPLACED_CODE);
  const hidden = entries.length - refused - (replaced ? 1 : 0);
  const pieces: string[] = [];
  if (hidden > 0) pieces.push(`${hidden} ${hidden === 1 ? "part" : "parts"} hidden/trimmed`);
  // Past a bound, refused calls are counted in one entry: the number of entries is then not the number of calls.
  if (refused > 0) pieces.push(refused === 1 ? "1 tool call refused" : "tool calls refused");
  if (replaced) pieces.push("characters replaced");
  return pieces.join(", ");
}

/**
 * A reply's degradation receipt — its inspector: what the final compile and
 * the JSON dialect hid, trimmed or dropped, and what the model boundary
 * replaced or refused, as one line that expands to the list (code, where,
 * message). The same entries go into the model's next prompt.
 */
export function DegradationReceipt({ entries }: { entries: readonly ReceiptEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <details className={styles.receipt}>
      <summary>{receiptSummary(entries)}</summary>
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
