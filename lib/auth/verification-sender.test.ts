import { describe, expect, it } from "vitest";
import { ConfigurationError } from "./secret";
import { verificationSenderFromEnvironment, verificationSenderKind } from "./verification-sender";

/** An environment holding only the given variables. */
function environmentOf(values: Record<string, string>): NodeJS.ProcessEnv {
  return { NODE_ENV: "test", ...values };
}

describe("choosing the verification sender", () => {
  it("uses the log sender unless AUTH_EMAIL_SENDER names another", () => {
    expect(verificationSenderKind(environmentOf({}))).toBe("log");
    expect(verificationSenderKind(environmentOf({ AUTH_EMAIL_SENDER: " log " }))).toBe("log");
    expect(verificationSenderFromEnvironment(environmentOf({ AUTH_OUTBOX_FILE: "/tmp/outbox.jsonl" })).kind).toBe("log");
  });

  it("refuses a sender the server does not have, saying what to do", () => {
    const environment = environmentOf({ AUTH_EMAIL_SENDER: "smtp" });
    expect(() => verificationSenderKind(environment)).toThrow(ConfigurationError);
    expect(() => verificationSenderFromEnvironment(environment)).toThrow(/AUTH_EMAIL_SENDER is "smtp".*\(log\).*Unset it/);
  });
});
