"use server";

// The comparison pages' server actions. Each authorizes through the policy
// (requireActor here, authorizeCompareRun in the service: someone else's run
// is not found, a shared one is read-only) and returns `{ok: true, ...}` or
// `{ok: false, error}` so the page can show the error in place. Listed in
// lib/auth/registry.ts.

import { requireActor, type Actor } from "@/lib/auth/policy";
import { getCompareService } from "@/lib/compare/run/process-compare";
import type { CompareRunView } from "@/lib/compare/run/compare-view";
import { toPublicError, type PublicError } from "@/lib/errors";

/** What every comparison action returns. */
export type CompareActionResult<Value> = ({ ok: true } & Value) | { ok: false; error: PublicError };

async function run<Value extends object>(operation: (actor: Actor) => Promise<Value>): Promise<CompareActionResult<Value>> {
  try {
    const actor = await requireActor();
    return { ok: true, ...(await operation(actor)) };
  } catch (caught) {
    return { ok: false, error: toPublicError(caught) };
  }
}

/** Starts a run: one prompt, 2–6 models, 1–5 samples each; every pane starts at once. */
export async function startCompareRun(input: unknown): Promise<CompareActionResult<{ runId: string }>> {
  return run((actor) => getCompareService().startRun(actor, input));
}

/** Re-runs a run of mine as a new, linked run. */
export async function rerunCompareRun(input: unknown): Promise<CompareActionResult<{ runId: string }>> {
  return run((actor) => getCompareService().rerun(actor, input));
}

/** Stops one pane's reply (what arrived is kept). */
export async function stopComparePane(input: unknown): Promise<CompareActionResult<{ stopping: boolean }>> {
  return run((actor) => getCompareService().stopPane(actor, input));
}

/** Answers one pane again. */
export async function retryComparePane(input: unknown): Promise<CompareActionResult<{ attempt: number }>> {
  return run((actor) => getCompareService().retryPane(actor, input));
}

/** Votes on a run of mine; names are shown from then on. */
export async function voteCompareRun(input: unknown): Promise<CompareActionResult<{ view: CompareRunView }>> {
  return run(async (actor) => ({ view: await getCompareService().vote(actor, input) }));
}

/** Shares a run of mine, read-only, with a person by email. */
export async function shareCompareRun(input: unknown): Promise<CompareActionResult<{ shares: CompareRunView["shares"] }>> {
  return run((actor) => getCompareService().share(actor, input));
}

/** Takes a share of a run of mine back. */
export async function revokeCompareShare(input: unknown): Promise<CompareActionResult<{ shares: CompareRunView["shares"] }>> {
  return run((actor) => getCompareService().revokeShare(actor, input));
}
