/**
 * The person's answer to a host action proposal: Confirm runs it, once;
 * Dismiss records that they did not want it. Either way the proposal's card
 * in the stored reply is rewritten in the same transaction, so the reply
 * says what became of it — done (with the host's line), dismissed, or
 * refused — and every viewer is told to read the thread again.
 *
 * Authorized through the policy: the chat is the actor's (`authorizeChat`
 * write; another person's is not found, as is a comparison pane's), the
 * proposal must be a card of that chat's stored reply and a `proposed` row
 * of the same user, chat and reply (else `not_found:message`), and it must
 * still be open — a proposal already settled (a double click, a second tab)
 * answers with how it was settled and runs nothing. A confirmation checks
 * again that the person may act on the project as it stands now (a
 * maintainer, no guest) and that the chat is still in it; a refusal closes
 * the proposal as refused. The action runs under the key the proposal was
 * made with: confirming two versions of one regenerated reply runs it once.
 */
import "server-only";
import { z } from "zod";
import { getHostActionProposal, rewriteReplyHostActionCard, settleHostActionProposal, type ProposalDecision } from "@/db/queries/host-actions";
import { getMessage } from "@/db/queries/chat-turns";
import type { HostActionRow, JsonValue } from "@/db/schema";
import { authorizeChat, type Actor } from "@/lib/auth/policy";
import { AppError, isAppError } from "@/lib/errors";
import { authorizeProject } from "@/lib/project/authorize-project";
import { CARD_LINE_LENGTH, cut, HostActionCardSchema, HostActionErrorCodeSchema, type HostActionCard } from "./host-action-card";
import { isHostActionName } from "./host-action-definitions";
import { hostActionOf } from "./registry";
import { HOST_ACTION_REFUSALS, refusalToAct, resultOf } from "./run-host-action";

/** What a Confirm or Dismiss names: the proposal, by its reply in its chat. */
export const SettleProposalInputSchema = z.strictObject({
  chatId: z.string().min(1).max(100),
  messageId: z.string().min(1).max(100),
  proposalId: z.string().min(1).max(100),
});
/** What a Confirm or Dismiss names. */
export type SettleProposalInput = z.infer<typeof SettleProposalInputSchema>;

/** What the person chose. */
export type ProposalAnswer = "confirm" | "dismiss";

/** What settling answers: the card as the stored reply now holds it, and whether this call settled it (false: it was settled already). */
export type SettleProposalResult = { card: HostActionCard; settledNow: boolean };

/** What a proposal that is not one of the chat's reply's open cards is told. */
export const NO_SUCH_PROPOSAL_MESSAGE = "This action is not waiting in that reply of this chat.";

/** The card of a proposal once `row` settled it. */
export function settledCard(card: HostActionCard, row: HostActionRow): HostActionCard {
  const proposal = card.proposal ?? card.line;
  const base = { id: card.id, name: card.name, textOffset: card.textOffset, proposal, ...(card.proposalId ? { proposalId: card.proposalId } : {}) };
  if (row.status === "done" || row.status === "replayed") {
    const result = resultOf(card.name, hostActionOf(card.name), row.result ?? null, row.status === "replayed");
    if (!result.ok) throw new Error("a performed action read back as not done");
    return { ...base, ok: true, state: "done", line: cut(result.line, CARD_LINE_LENGTH), ...(row.status === "replayed" ? { replayed: true } : {}) };
  }
  if (row.status === "dismissed") return { ...base, ok: false, state: "dismissed", line: proposal };
  const code = HostActionErrorCodeSchema.safeParse(row.errorCode);
  const declined = row.result !== null && typeof row.result === "object" && !Array.isArray(row.result) && typeof row.result.message === "string" ? row.result.message : null;
  const known = code.success && code.data in HOST_ACTION_REFUSALS ? HOST_ACTION_REFUSALS[code.data as keyof typeof HOST_ACTION_REFUSALS] : null;
  return { ...base, ok: false, state: "refused", line: cut(declined ?? known ?? "The host refused this action; nothing was done.", CARD_LINE_LENGTH), code: code.success ? code.data : "unavailable" };
}

/** The reply's card of the proposal, or `not_found:message`. */
async function proposalCard(actor: Actor, input: SettleProposalInput): Promise<HostActionCard> {
  const row = await getMessage({ userId: actor.userId, chatId: input.chatId, messageId: input.messageId });
  const genui = row?.role === "assistant" ? row.genui : null;
  const tools = genui !== null && typeof genui === "object" && !Array.isArray(genui) && Array.isArray(genui.tools) ? genui.tools : [];
  for (const stored of tools) {
    const card = HostActionCardSchema.safeParse(stored);
    if (card.success && card.data.proposalId === input.proposalId) return card.data;
  }
  throw new AppError("not_found:message", { message: NO_SUCH_PROPOSAL_MESSAGE, detail: `proposal ${input.proposalId} of reply ${input.messageId} in chat ${input.chatId}` });
}

/** Settles a proposal as the person answered it (see the file comment). */
export async function settleProposal(actor: Actor, rawInput: unknown, answer: ProposalAnswer, options: { now?: Date } = {}): Promise<SettleProposalResult> {
  const parsed = SettleProposalInputSchema.safeParse(rawInput);
  if (!parsed.success) throw new AppError("bad_request:chat", { detail: "a host action answer that does not fit its schema" });
  const input = parsed.data;
  const chat = await authorizeChat(actor, input.chatId, "write");
  if (chat.purpose !== "chat") throw new AppError("not_found:chat", { detail: `host action answer in ${chat.purpose} chat ${chat.id}` });
  const card = await proposalCard(actor, input);
  const proposal = await getHostActionProposal({ userId: actor.userId, chatId: chat.id, messageId: input.messageId, proposalId: input.proposalId });
  if (!proposal || proposal.projectId === null || proposal.idempotencyKey === null || !isHostActionName(proposal.action) || proposal.action !== card.name) {
    throw new AppError("not_found:message", { message: NO_SUCH_PROPOSAL_MESSAGE, detail: `no open proposal ${input.proposalId} for reply ${input.messageId}` });
  }
  const action = hostActionOf(proposal.action);
  let decision: ProposalDecision = { kind: "dismiss" };
  if (answer === "confirm") decision = await confirmation(actor, chat.projectId, { ...proposal, projectId: proposal.projectId }, action, options.now ?? new Date());
  const settled = await settleHostActionProposal({
    proposal: { ...proposal, projectId: proposal.projectId, idempotencyKey: proposal.idempotencyKey },
    actorName: actor.name,
    decision,
    change: async (row, database) => {
      const rewritten = settledCard(card, row);
      await rewriteReplyHostActionCard({ database, chatId: chat.id, messageId: input.messageId, proposalId: input.proposalId, change: () => rewritten as unknown as Record<string, unknown> });
    },
  });
  return { card: settledCard(card, settled.row), settledNow: settled.now };
}

/** What a Confirm does: run the proposed input, or refuse it when the person may not act on the project now. */
async function confirmation(actor: Actor, chatProjectId: string, proposal: HostActionRow & { projectId: string }, action: ReturnType<typeof hostActionOf>, now: Date): Promise<ProposalDecision> {
  if (chatProjectId !== proposal.projectId) return { kind: "refuse", errorCode: "forbidden" };
  let project;
  try {
    project = await authorizeProject(actor, proposal.projectId);
  } catch (caught) {
    if (isAppError(caught) && (caught.code === "forbidden:project" || caught.code.startsWith("not_found:"))) return { kind: "refuse", errorCode: "forbidden" };
    throw caught;
  }
  const standing = await refusalToAct(actor, project);
  if (standing !== null) return { kind: "refuse", errorCode: standing };
  const input = action.definition.inputSchema.safeParse(proposal.input ?? {});
  if (!input.success) return { kind: "refuse", errorCode: "bad_input" };
  return {
    kind: "confirm",
    apply: async (database) => (await action.perform({ database, project, input: input.data, userId: actor.userId, chatId: proposal.chatId, now })) as JsonValue,
  };
}
