import { describe, expect, it } from "vitest";
import { ConfigurationError } from "./secret";
import { verificationSenderFromEnvironment, verificationSenderKind } from "./verification-sender";

describe("choosing the verification sender", () => {
  it("uses the log sender unless AUTH_EMAIL_SENDER names another", () => {
    expect(verificationSenderKind({} as NodeJS.ProcessEnv)).toBe("log");
    expect(verificationSenderKind({ AUTH_EMAIL_SENDER: " log " } as NodeJS.ProcessEnv)).toBe("log");
    expect(verificationSenderFromEnvironment({ AUTH_OUTBOX_FILE: "/tmp/outbox.jsonl" } as NodeJS.ProcessEnv).kind).toBe("log");
  });

  it("refuses a sender the server does not have, saying what to do", () => {
    const environment = { AUTH_EMAIL_SENDER: "smtp" } as NodeJS.ProcessEnv;
    expect(() => verificationSenderKind(environment)).toThrow(ConfigurationError);
    expect(() => verificationSenderFromEnvironment(environment)).toThrow(/AUTH_EMAIL_SENDER is "smtp".*\(log\).*Unset it/);
  });
});
