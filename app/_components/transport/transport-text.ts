/**
 * A reply as a transport other than the web chat shows it (the GenUI guide,
 * "render_ui"): the prose as written, each ```ui block replaced by its
 * fallback text, each octo-ui fence by its placeholder line — and no
 * `render_ui` card at all, since instant-messaging bridges and the terminal
 * never show tool-result cards. A reply with a card must therefore stand on
 * its own in its text; `transportView` says when it does not. Copying a
 * reply (`replyPlainText`) keeps a line for each card instead.
 *
 * Both are plain text a terminal or a bridge hands on as it is, so every
 * control, bidi and invisible character in them is shown as a mark
 * (`visibleControls`): a reply's ESC, CSI or OSC sequence would clear the
 * person's screen, plant a link or write their clipboard there, and a bidi
 * override would make it read in another order than it is stored.
 */
import { genuiFallbackText, genuiReplyFallback } from "@/lib/genui";
import { isRenderUiCard, type AssistantMessage, type LiveReply } from "@/lib/chat/wire";
import { visibleControls } from "@/lib/security/visible-controls";
import { uiFallbackText } from "@/lib/ui/catalog/fallback";

/** The transports a reply can be previewed in. */
export const TRANSPORTS = ["web", "im", "terminal"] as const;

/** A transport a reply can be previewed in. */
export type Transport = (typeof TRANSPORTS)[number];

/** What the text of a reply needs from a reply or a live one. */
export type ReplyContent = Pick<AssistantMessage, "text" | "ui" | "tools"> | Pick<LiveReply, "text" | "ui" | "tools">;

/** What IM and the terminal show of a reply, and what they leave out. */
export type TransportView = {
  /** The text they show. */
  text: string;
  /** How many `render_ui` cards the web chat shows and they do not. */
  hiddenCards: number;
  /** Why the text does not stand on its own without those cards, in a person's words; empty when it does (or there is no card). */
  problems: string[];
};

/** Fewer words than this, beside a card, cannot carry what the card said. */
export const STANDALONE_MIN_WORDS = 12;

/** Prose that points at something shown beside it, which these transports do not show. */
const POINTS_AT_CARD =
  /\b(?:see|shown|as you can see|in) (?:the |this )?(?:card|chart|table|panel|summary|graph)\b|\b(?:card|chart|table|panel|graph|summary) (?:above|below)\b|\b(?:above|below)(?: card| chart| table| panel)?:?\s*$/im;

/** The reply's prose with every ```ui block and octo-ui fence as IM and the terminal write it, nothing in it acting. */
function proseText(reply: ReplyContent): string {
  return visibleControls(genuiReplyFallback(uiFallbackText(reply.text, reply.ui ?? [])).trim());
}

/** The words a text has (runs of letters or digits). */
function wordCount(text: string): number {
  return text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
}

/** What IM and the terminal show of `reply`; see the module comment. */
export function transportView(reply: ReplyContent): TransportView {
  const text = proseText(reply);
  const hiddenCards = (reply.tools ?? []).filter(isRenderUiCard).length;
  const problems: string[] = [];
  if (hiddenCards > 0) {
    const cards = hiddenCards === 1 ? "the card" : `the ${hiddenCards} cards`;
    if (text === "") problems.push(`The reply has no text: here it shows nothing, because ${cards} cannot be shown.`);
    else if (wordCount(text) < STANDALONE_MIN_WORDS) problems.push(`The text is too short to stand on its own without ${cards}.`);
    if (POINTS_AT_CARD.test(text)) problems.push(`The text points at ${cards}, which is not shown here.`);
  }
  return { text, hiddenCards, problems };
}

/** A reply as plain text to copy: its prose as IM shows it, then a line for each `render_ui` card. */
export function replyPlainText(reply: ReplyContent): string {
  const cards = (reply.tools ?? []).filter(isRenderUiCard).map((card) => visibleControls(genuiFallbackText(card.spec)));
  return [proseText(reply), ...cards].filter((part) => part.length > 0).join("\n\n");
}
