"use client";
/**
 * What an open chat becomes once it is deleted elsewhere (another tab,
 * another device): a short notice, then the start page. The notice is an
 * alert, so a screen reader says it at once.
 */
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import styles from "./conversation.module.css";

/** Milliseconds the notice stays before the page leaves for the start page: long enough to read one sentence. */
export const CHAT_DELETED_LEAVE_MS = 2_000;

/** The notice shown in place of a deleted chat; it leaves for `/` after `CHAT_DELETED_LEAVE_MS`. */
export function ChatDeletedNotice({ title }: { title: string }) {
  const router = useRouter();
  useEffect(() => {
    const leave = setTimeout(() => router.replace("/"), CHAT_DELETED_LEAVE_MS);
    return () => clearTimeout(leave);
  }, [router]);
  return (
    <div className={styles.conversation}>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
      </header>
      <div className={styles.deleted} role="alert">
        <p>This chat was deleted.</p>
        <p className={styles.deletedNext}>Taking you to a new chat…</p>
      </div>
    </div>
  );
}
