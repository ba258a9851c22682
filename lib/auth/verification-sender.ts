/**
 * The seam verification mail goes through. better-auth builds the link (a
 * signed, expiring token to `/api/auth/verify-email`); a `VerificationSender`
 * only delivers it. `AUTH_EMAIL_SENDER` picks one; today there is `log`, which
 * writes the link to the server log (and, with `AUTH_OUTBOX_FILE`, to a file).
 *
 * To deliver real mail, write `smtp-verification-sender.ts` beside this file
 * (a function returning a `VerificationSender` that sends `message.url` to
 * `message.to`), add its name to `VERIFICATION_SENDER_KINDS`, and return it
 * from `verificationSenderFromEnvironment` with its settings read from the
 * environment there.
 */
import { createLogVerificationSender } from "./log-verification-sender";
import { ConfigurationError } from "./secret";

/** A verification mail: who it goes to and the link that proves they own the address. */
export type VerificationMessage = {
  /** The address to verify (and to send to). */
  to: string;
  /** The link; opening it marks the address verified. */
  url: string;
};

/** Delivers verification mail. Throwing makes the sign-up log the failure and the re-send action report it. */
export type VerificationSender = {
  /** Which sender this is (`AUTH_EMAIL_SENDER`), for the verification page's wording. */
  readonly kind: VerificationSenderKind;
  /** Delivers one mail. */
  send: (message: VerificationMessage) => Promise<void>;
};

/** The senders `AUTH_EMAIL_SENDER` can name. */
export const VERIFICATION_SENDER_KINDS = ["log"] as const;

/** A sender `AUTH_EMAIL_SENDER` can name. */
export type VerificationSenderKind = (typeof VERIFICATION_SENDER_KINDS)[number];

/** The sender kind the environment names (`log` when unset); a `ConfigurationError` for anything else. */
export function verificationSenderKind(environment: NodeJS.ProcessEnv = process.env): VerificationSenderKind {
  const named = environment.AUTH_EMAIL_SENDER?.trim() || "log";
  const known = VERIFICATION_SENDER_KINDS.find((kind) => kind === named);
  if (!known) {
    throw new ConfigurationError(
      `AUTH_EMAIL_SENDER is "${named}", which is not a sender this server has (${VERIFICATION_SENDER_KINDS.join(", ")}). ` +
        "Unset it to write verification links to the server log.",
    );
  }
  return known;
}

/** The sender the environment selects: `AUTH_EMAIL_SENDER` (default `log`), with `AUTH_OUTBOX_FILE` for the log sender. */
export function verificationSenderFromEnvironment(environment: NodeJS.ProcessEnv = process.env): VerificationSender {
  switch (verificationSenderKind(environment)) {
    case "log": {
      const outboxFile = environment.AUTH_OUTBOX_FILE?.trim();
      return createLogVerificationSender(outboxFile ? { outboxFile } : {});
    }
  }
}
