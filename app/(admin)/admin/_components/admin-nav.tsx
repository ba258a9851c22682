import Link from "next/link";
import styles from "./admin.module.css";

/** The admin view's sections; `current` marks the one shown. */
export function AdminNav({ current }: { current: "trees" | "audit" | "run" }) {
  return (
    <nav aria-label="Admin" className={styles.nav}>
      <Link href="/admin/trees" aria-current={current === "trees" ? "page" : undefined}>
        Saved replies
      </Link>
      <Link href="/admin/audit" aria-current={current === "audit" ? "page" : undefined}>
        Audit log
      </Link>
    </nav>
  );
}
