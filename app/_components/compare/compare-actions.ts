"use client";
/**
 * The comparison actions as the browser uses them: each resolves to what the
 * screen needs, or to the words to show in place (an unreachable server
 * included, instead of throwing into React).
 */
import {
  rerunCompareRun,
  retryComparePane,
  revokeCompareShare,
  shareCompareRun,
  startCompareRun,
  stopComparePane,
  voteCompareRun,
  type CompareActionResult,
} from "@/app/(compare)/compare/actions";
import { UNREACHABLE_MESSAGE } from "../chat/actions/chat-actions";

async function call<Value extends object>(action: () => Promise<CompareActionResult<Value>>): Promise<({ ok: true } & Value) | { ok: false; error: string }> {
  try {
    const result = await action();
    return result.ok ? result : { ok: false, error: result.error.message };
  } catch {
    return { ok: false, error: UNREACHABLE_MESSAGE };
  }
}

/** The comparison actions the screens call. */
export const compareActions = {
  start: (input: Parameters<typeof startCompareRun>[0]) => call(() => startCompareRun(input)),
  rerun: (runId: string) => call(() => rerunCompareRun({ runId })),
  stop: (runId: string, paneId: string) => call(() => stopComparePane({ runId, paneId })),
  retry: (runId: string, paneId: string) => call(() => retryComparePane({ runId, paneId })),
  vote: (input: Parameters<typeof voteCompareRun>[0]) => call(() => voteCompareRun(input)),
  share: (runId: string, email: string) => call(() => shareCompareRun({ runId, email })),
  revoke: (runId: string, userId: string) => call(() => revokeCompareShare({ runId, userId })),
};
