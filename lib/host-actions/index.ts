/** Host actions the model may ask for, as AI SDK tools: authorized, audited, idempotent. */
export { hostActionCardOfPart, HostActionCardSchema, type HostActionCard, type HostActionResult } from "./host-action-card";
export { HOST_ACTION_DEFINITIONS, HOST_ACTION_NAMES, isHostActionName, type HostActionName } from "./host-action-definitions";
export { hostActionReplyTools } from "./reply-tools";
export { runHostAction } from "./run-host-action";
