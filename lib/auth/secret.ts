/**
 * The secret better-auth signs cookies with. `BETTER_AUTH_SECRET` wins; a
 * local playground without it generates one and keeps it in `.data/` next to
 * the embedded database it protects, so a newcomer configures nothing. A
 * production server on a shared Postgres refuses to start without it.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Where a generated secret is kept (relative to the directory the server starts in). */
export const GENERATED_SECRET_FILE = path.join(".data", "auth-secret");

/** Bytes of a generated secret: 256 bits, well above better-auth's 32-character minimum. */
const GENERATED_SECRET_BYTES = 32;

/** The message a production server without a secret stops with. */
export const MISSING_SECRET_MESSAGE =
  "BETTER_AUTH_SECRET is not set. A production server on a shared database (DATABASE_URL) needs one to sign " +
  "session cookies, the same on every instance. Generate one with `openssl rand -base64 32`, set it in the " +
  "environment, and start again.";

/** Thrown when the server must not start as configured. */
export class ConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigurationError";
  }
}

/**
 * True when a missing secret must stop the server: a production build serving
 * a shared Postgres. The embedded database is a one-process, one-machine
 * playground whose data and generated secret live side by side in `.data/`.
 */
export function requiresConfiguredSecret(environment: NodeJS.ProcessEnv): boolean {
  return environment.NODE_ENV === "production" && Boolean(environment.DATABASE_URL?.trim());
}

/** Resolves the auth secret from the environment, or from (or into) the generated secret file. */
export function resolveAuthSecret(
  options: { environment?: NodeJS.ProcessEnv; secretFile?: string } = {},
): string {
  const environment = options.environment ?? process.env;
  const configured = environment.BETTER_AUTH_SECRET?.trim();
  if (configured) return configured;
  if (requiresConfiguredSecret(environment)) throw new ConfigurationError(MISSING_SECRET_MESSAGE);
  const secretFile = options.secretFile ?? path.join(process.cwd(), GENERATED_SECRET_FILE);
  const existing = readSecretFile(secretFile);
  if (existing) return existing;
  mkdirSync(path.dirname(secretFile), { recursive: true });
  const generated = randomBytes(GENERATED_SECRET_BYTES).toString("base64url");
  try {
    // `wx`: when two processes start at once, the second finds the first's file and uses it.
    writeFileSync(secretFile, `${generated}\n`, { flag: "wx", mode: 0o600 });
    chmodSync(secretFile, 0o600);
    return generated;
  } catch (caught) {
    const raced = readSecretFile(secretFile);
    if (raced) return raced;
    throw caught;
  }
}

function readSecretFile(secretFile: string): string | undefined {
  try {
    return readFileSync(secretFile, "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}
