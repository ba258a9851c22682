/** Host actions the model may ask for, as AI SDK tools: proposed to the person unless their click asked, authorized, audited, idempotent. */
export { hostActionCardOfPart, hostActionCardState, HostActionCardSchema, type HostActionCard, type HostActionResult } from "./host-action-card";
export { HOST_ACTION_DEFINITIONS, HOST_ACTION_NAMES, isHostActionName, type HostActionName } from "./host-action-definitions";
export { hostActionReplyTools } from "./reply-tools";
export { callHostAction, runHostAction } from "./run-host-action";
export { settleProposal, SettleProposalInputSchema, type SettleProposalInput, type SettleProposalResult } from "./settle-proposal";
