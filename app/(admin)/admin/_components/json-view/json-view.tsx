"use client";
/**
 * A stored tree as JSON: a collapsible tree (pretty) or the indented JSON
 * text (raw), both drawn through `WindowedList`, so a 2,048-node tree opens
 * without a long task. It starts open two levels deep. Strings and keys
 * show their bidi and invisible characters as marks (`⟨U+202E⟩`): JSON
 * escapes controls but not those.
 */
import { useCallback, useMemo, useState } from "react";
import { visibleControls } from "@/lib/security/visible-controls";
import styles from "../admin.module.css";
import { WindowedList } from "../windowed-list";
import { jsonRows, openToDepth, type JsonRow } from "./json-rows";

/** Height of one row in pixels (the CSS font size fits in it). */
const ROW_HEIGHT = 22;

/** Height of the view in pixels. */
const VIEW_HEIGHT = 440;

/** Depth the view starts open to. */
const INITIAL_DEPTH = 2;

/** Pixels of indentation per level. */
const INDENT = 16;

const VALUE_CLASS: Record<JsonRow["kind"], string | undefined> = {
  object: undefined,
  array: undefined,
  string: styles.jsonString,
  number: styles.jsonNumber,
  boolean: styles.jsonBoolean,
  null: styles.jsonNull,
};

/** Every container path of a value (for "Open all"). */
function everyContainer(value: unknown): Set<string> {
  return openToDepth(value, Number.POSITIVE_INFINITY);
}

/** Props of `JsonView`. */
export type JsonViewProps = { value: unknown; label: string };

/** The JSON of `value`, pretty or raw (see the file comment). */
export function JsonView({ value, label }: JsonViewProps) {
  const [mode, setMode] = useState<"pretty" | "raw">("pretty");
  const [open, setOpen] = useState<Set<string>>(() => openToDepth(value, INITIAL_DEPTH));
  const rows = useMemo(() => (mode === "pretty" ? jsonRows(value, open) : []), [value, open, mode]);
  const lines = useMemo(() => (mode === "raw" ? (JSON.stringify(value, null, 2) ?? "null").split("\n") : []), [value, mode]);
  const toggle = useCallback((path: string) => {
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });
  }, []);

  return (
    <div>
      <div className={styles.jsonToolbar} role="group" aria-label={`${label}: view`}>
        <button type="button" className="button button-secondary button-small" aria-pressed={mode === "pretty"} onClick={() => setMode("pretty")}>
          Pretty
        </button>
        <button type="button" className="button button-secondary button-small" aria-pressed={mode === "raw"} onClick={() => setMode("raw")}>
          Raw
        </button>
        {mode === "pretty" ? (
          <>
            <button type="button" className="button button-ghost button-small" onClick={() => setOpen(everyContainer(value))}>
              Open all
            </button>
            <button type="button" className="button button-ghost button-small" onClick={() => setOpen(new Set(["$"]))}>
              Close all
            </button>
          </>
        ) : null}
        <span className={styles.muted}>{mode === "pretty" ? `${rows.length.toLocaleString("en")} rows` : `${lines.length.toLocaleString("en")} lines`}</span>
      </div>
      {mode === "pretty" ? (
        <WindowedList
          count={rows.length}
          rowHeight={ROW_HEIGHT}
          maxHeight={VIEW_HEIGHT}
          label={`${label} (pretty)`}
          rowKey={(index) => rows[index]!.path}
          renderRow={(index) => {
            const row = rows[index]!;
            return (
              <>
                <span style={{ width: row.depth * INDENT, flex: "none" }} />
                {row.openable ? (
                  <button
                    type="button"
                    className={styles.toggle}
                    aria-expanded={row.open}
                    aria-label={`${row.open ? "Close" : "Open"} ${row.key ?? "the tree"}`}
                    onClick={() => toggle(row.path)}
                  >
                    {row.open ? "▾" : "▸"}
                  </button>
                ) : (
                  <span className={styles.toggleSpacer} />
                )}
                {row.key !== null ? <span className={styles.jsonKey}>{visibleControls(row.key)}:</span> : null}
                <span className={VALUE_CLASS[row.kind]}>{visibleControls(row.preview)}</span>
              </>
            );
          }}
        />
      ) : (
        <WindowedList count={lines.length} rowHeight={ROW_HEIGHT} maxHeight={VIEW_HEIGHT} label={`${label} (raw)`} renderRow={(index) => <code>{visibleControls(lines[index] ?? "")}</code>} />
      )}
    </div>
  );
}
