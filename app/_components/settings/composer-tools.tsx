import type { ReactNode } from "react";
import styles from "./settings.module.css";

/** The composer's tools (the model picker, the chat settings button) in one row that wraps when narrow. */
export function ComposerTools({ children }: { children: ReactNode }) {
  return <div className={styles.toolRow}>{children}</div>;
}
