/**
 * A reply as a transport other than the web chat shows it: the prose as
 * written, each ```ui block replaced by its fallback text, each octo-ui
 * fence and `render_ui` card by its placeholder line — what a person on an
 * instant-messaging bridge or a terminal would read.
 */
import { genuiFallbackText, genuiReplyFallback } from "@/lib/genui";
import { isRenderUiCard, type AssistantMessage, type LiveReply } from "@/lib/chat/wire";
import { uiFallbackText } from "@/lib/ui/catalog/fallback";

/** The transports a reply can be previewed in. */
export const TRANSPORTS = ["web", "im", "terminal"] as const;

/** A transport a reply can be previewed in. */
export type Transport = (typeof TRANSPORTS)[number];

/** The plain text of a reply for IM and the terminal. */
export function transportText(reply: Pick<AssistantMessage, "text" | "ui" | "tools"> | Pick<LiveReply, "text" | "ui" | "tools">): string {
  const withoutUi = uiFallbackText(reply.text, reply.ui ?? []);
  const cards = (reply.tools ?? []).filter(isRenderUiCard).map((card) => genuiFallbackText(card.spec));
  return [genuiReplyFallback(withoutUi).trim(), ...cards].filter((part) => part.length > 0).join("\n\n");
}
