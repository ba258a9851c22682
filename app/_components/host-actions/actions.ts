"use server";

// The person's answer to a host action proposal (lib/host-actions/settle-proposal.ts):
// Confirm runs it once, Dismiss records that they did not want it. Each
// authorizes through the policy (requireActor here, authorizeChat in
// settleProposal: another person's chat is not found) and returns
// `{ok: true, card}` or `{ok: false, error}` instead of throwing. Every viewer
// of the chat is told to read the thread again, so each tab shows the card as
// the stored reply now holds it. Listed in lib/auth/registry.ts.

import { requireActor } from "@/lib/auth/policy";
import { getChatCore } from "@/lib/chat/core/process-chat-core";
import { toPublicError, type PublicError } from "@/lib/errors";
import type { HostActionCard } from "@/lib/host-actions/host-action-card";
import { settleProposal, type ProposalAnswer } from "@/lib/host-actions/settle-proposal";

/** What a Confirm or Dismiss returns: the card as stored now, and whether this answer settled it (false: another tab or click had). */
export type HostActionAnswerResult = { ok: true; card: HostActionCard; settledNow: boolean } | { ok: false; error: PublicError };

/** Tells the chat's viewers, here and on other instances, to read the thread again; a failure is logged (the answer is stored either way). */
async function announce(chatId: string): Promise<void> {
  try {
    const core = getChatCore();
    await core.ready();
    core.hub.announceThreadChanged(chatId);
  } catch (caught) {
    console.error(`host actions: telling the viewers of chat ${chatId} failed`, caught);
  }
}

async function answer(input: unknown, choice: ProposalAnswer): Promise<HostActionAnswerResult> {
  try {
    const actor = await requireActor();
    const settled = await settleProposal(actor, input, choice);
    const chatId = (input as { chatId: string }).chatId;
    if (settled.settledNow) await announce(chatId);
    return { ok: true, ...settled };
  } catch (caught) {
    return { ok: false, error: toPublicError(caught) };
  }
}

/** Confirms a proposed host action of a stored reply: it runs once, as the chat's owner. */
export async function confirmHostAction(input: { chatId: string; messageId: string; proposalId: string }): Promise<HostActionAnswerResult> {
  return answer(input, "confirm");
}

/** Dismisses a proposed host action of a stored reply: nothing is done, and the reply says so. */
export async function dismissHostAction(input: { chatId: string; messageId: string; proposalId: string }): Promise<HostActionAnswerResult> {
  return answer(input, "dismiss");
}
