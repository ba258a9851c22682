/**
 * A small mark for an artifact's kind, beside its name in chips and the
 * list. Decorative: the kind is also said in words where it matters.
 */
import type { ArtifactKind } from "@/lib/artifacts/artifact-kind";
import styles from "./artifacts.module.css";

const MARKS: Readonly<Record<ArtifactKind, string>> = {
  markdown: "¶",
  html: "</>",
  svg: "◐",
  code: "{ }",
  csv: "▦",
  json: "[ ]",
  text: "≡",
};

/** The kind's mark, hidden from screen readers. */
export function ArtifactKindIcon({ kind }: { kind: ArtifactKind }) {
  return (
    <span className={styles.kindIcon} data-kind={kind} aria-hidden="true">
      {MARKS[kind]}
    </span>
  );
}
