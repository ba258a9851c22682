/**
 * The chat core's limits an operator may change, read from the server's
 * environment: `MODEL_IDLE_TIMEOUT_SECONDS` (how long a model may send
 * nothing before its reply is cut) and `REPLY_STORE_RETRY_SECONDS` (how long
 * a reply's final store retries while the database is unreachable). Unset,
 * the defaults hold; a value that is not a positive number of seconds is
 * ignored, and said so.
 */
import type { ChatCoreOptions } from "./chat-core";

/** The options the environment sets, and what was wrong with the rest. */
export type ChatCoreEnvironment = {
  options: Pick<ChatCoreOptions, "modelIdleTimeoutMs" | "finalStoreRetryMs">;
  /** Variables that were set but unusable, each with why (for the server log). */
  problems: string[];
};

/** Reads the chat core's limits from `environment` (see the file comment). */
export function chatCoreOptionsFromEnvironment(environment: Readonly<Record<string, string | undefined>>): ChatCoreEnvironment {
  const problems: string[] = [];
  const milliseconds = (name: string): number | undefined => {
    const raw = environment[name]?.trim();
    if (!raw) return undefined;
    const seconds = Number(raw);
    if (Number.isFinite(seconds) && seconds > 0) return Math.round(seconds * 1000);
    problems.push(`${name} must be a positive number of seconds, not "${raw.slice(0, 40)}"; the default is used`);
    return undefined;
  };
  const modelIdleTimeoutMs = milliseconds("MODEL_IDLE_TIMEOUT_SECONDS");
  const finalStoreRetryMs = milliseconds("REPLY_STORE_RETRY_SECONDS");
  return {
    options: {
      ...(modelIdleTimeoutMs !== undefined ? { modelIdleTimeoutMs } : {}),
      ...(finalStoreRetryMs !== undefined ? { finalStoreRetryMs } : {}),
    },
    problems,
  };
}
