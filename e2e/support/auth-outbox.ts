/**
 * The server under test's outbox: its verification sender (the default `log`
 * one) appends every mail it "sends" to this file as a JSON line, because
 * e2e/playwright.config.ts sets `AUTH_OUTBOX_FILE` to it for `next start`. A
 * spec reads the link a person would have found in their mail.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "@playwright/test";

/**
 * Where the server writes its outbox: beside the run's reports (`E2E_OUTPUT_DIR`, relative to e2e/ as in the
 * config), absolute because the server and the specs run in different folders.
 */
export const AUTH_OUTBOX_FILE = path.resolve(import.meta.dirname, "..", process.env.E2E_OUTPUT_DIR ?? "../test-results", "auth-outbox.jsonl");

/** One mail in the outbox (lib/auth/log-verification-sender.ts writes them). */
export type OutboxMail = { to: string; url: string; sentAt: string };

async function readMails(): Promise<OutboxMail[]> {
  let text: string;
  try {
    text = await readFile(AUTH_OUTBOX_FILE, "utf8");
  } catch {
    return [];
  }
  return text
    .split("\n")
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as OutboxMail);
}

/** How many mails the outbox holds now: pass it to `nextMailTo` so mails of earlier runs or specs do not count. */
export async function outboxMark(): Promise<number> {
  return (await readMails()).length;
}

/** Waits for a mail to `to` written after `mark`, and returns its link. */
export async function nextMailTo(to: string, mark: number): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      link = (await readMails()).slice(mark).filter((mail) => mail.to === to).at(-1)?.url;
      return link;
    }, { message: `a verification mail to ${to} in ${AUTH_OUTBOX_FILE}` })
    .toBeTruthy();
  return link ?? "";
}
