/**
 * The id a reply's tool card keeps of its tool call. The id is the model's —
 * any length, any characters — while every card's schema bounds it
 * (`TOOL_CARD_ID_LENGTH`): a card whose id is longer does not parse, and a
 * stored reply whose `genui` column holds one once lost every card with it
 * (a 300-character `render_ui` id took two host actions' lines along). So an
 * id past the bound is replaced by a digest of it, stable for the same id:
 * the card is still told apart from its siblings, and always stored.
 */
import { createHash } from "node:crypto";
import { TOOL_CARD_ID_LENGTH } from "@/lib/host-actions/host-action-card";

/** Characters of the digest's hex kept: 96 bits, ample to tell one reply's calls apart. */
const DIGEST_HEX_LENGTH = 24;

/** `toolCallId` as a card keeps it (see the file comment). */
export function toolCardId(toolCallId: string): string {
  if (toolCallId.length <= TOOL_CARD_ID_LENGTH) return toolCallId;
  return `call-${createHash("sha256").update(toolCallId).digest("hex").slice(0, DIGEST_HEX_LENGTH)}`;
}
