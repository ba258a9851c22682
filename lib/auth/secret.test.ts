import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigurationError, MISSING_SECRET_MESSAGE, resolveAuthSecret } from "./secret";

function temporarySecretFile(): string {
  return path.join(mkdtempSync(path.join(tmpdir(), "octo-secret-")), ".data", "auth-secret");
}

describe("resolveAuthSecret", () => {
  it("uses BETTER_AUTH_SECRET when set, in any mode", () => {
    const secretFile = temporarySecretFile();
    const environment = { NODE_ENV: "production", DATABASE_URL: "postgres://db/app", BETTER_AUTH_SECRET: " configured " } as NodeJS.ProcessEnv;
    expect(resolveAuthSecret({ environment, secretFile })).toBe("configured");
    expect(() => statSync(secretFile)).toThrow();
  });

  it("generates a strong secret once, keeps it private under .data and reuses it", () => {
    const secretFile = temporarySecretFile();
    const environment = { NODE_ENV: "development" } as NodeJS.ProcessEnv;
    const first = resolveAuthSecret({ environment, secretFile });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(secretFile, "utf8").trim()).toBe(first);
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    expect(resolveAuthSecret({ environment, secretFile })).toBe(first);
    expect(resolveAuthSecret({ environment: { NODE_ENV: "test" } as NodeJS.ProcessEnv, secretFile })).toBe(first);
    expect(resolveAuthSecret({ environment, secretFile: temporarySecretFile() })).not.toBe(first);
  });

  it("lets the embedded-database playground run in production mode with a generated secret", () => {
    const secretFile = temporarySecretFile();
    const secret = resolveAuthSecret({ environment: { NODE_ENV: "production" } as NodeJS.ProcessEnv, secretFile });
    expect(readFileSync(secretFile, "utf8").trim()).toBe(secret);
  });

  it("refuses a production server on a shared Postgres without a secret, saying what to set", () => {
    const secretFile = temporarySecretFile();
    const environment = { NODE_ENV: "production", DATABASE_URL: "postgres://db/app" } as NodeJS.ProcessEnv;
    expect(() => resolveAuthSecret({ environment, secretFile })).toThrow(ConfigurationError);
    expect(() => resolveAuthSecret({ environment, secretFile })).toThrow(MISSING_SECRET_MESSAGE);
    expect(MISSING_SECRET_MESSAGE).toMatch(/BETTER_AUTH_SECRET/);
    expect(() => statSync(secretFile)).toThrow();
  });
});
