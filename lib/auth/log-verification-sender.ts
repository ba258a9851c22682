/**
 * The development sender (`AUTH_EMAIL_SENDER=log`, the default): no mail
 * leaves the machine; the link is written to the server log, marked so it
 * stands out, for whoever runs the server to open. With an outbox file it is
 * also appended there as one JSON line, so a browser test can follow it.
 */
import { appendFile, mkdir } from "node:fs/promises";
import path from "node:path";
import type { VerificationMessage, VerificationSender } from "./verification-sender";

/** One line of the outbox file. */
export type OutboxEntry = VerificationMessage & {
  /** When it was "sent", as an ISO timestamp. */
  sentAt: string;
};

/** Options of `createLogVerificationSender`. */
export type LogVerificationSenderOptions = {
  /** A file to append each mail to as a JSON line (`AUTH_OUTBOX_FILE`); it holds live links, so it is private to the server's user. */
  outboxFile?: string;
  /** Where the log lines go; the server log (stdout) unless a test says otherwise. */
  writeLine?: (line: string) => void;
};

/** Strips control characters (newlines above all) so nothing in a message can forge a line of the log. */
function printable(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, "?");
}

/** A sender that writes verification links to the server log and, optionally, to an outbox file. */
export function createLogVerificationSender(options: LogVerificationSenderOptions = {}): VerificationSender {
  const writeLine = options.writeLine ?? ((line: string) => console.info(line));
  return {
    kind: "log",
    send: async (message) => {
      writeLine(
        [
          "",
          "[auth] ==== verification email (AUTH_EMAIL_SENDER=log: written here, not sent) ====",
          `[auth] to:   ${printable(message.to)}`,
          `[auth] open: ${printable(message.url)}`,
          "[auth] ==== end of verification email ====",
          "",
        ].join("\n"),
      );
      if (!options.outboxFile) return;
      const entry: OutboxEntry = { to: message.to, url: message.url, sentAt: new Date().toISOString() };
      await mkdir(path.dirname(options.outboxFile), { recursive: true });
      await appendFile(options.outboxFile, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
    },
  };
}
