/**
 * The artifact chips of a chat's thread, stored and live, in reading order —
 * and, between two looks at the thread, the ones that just arrived, which
 * is when a reply brings an artifact forward.
 */
import type { ArtifactCard } from "@/lib/artifacts/artifact-card";
import { isArtifactToolName } from "@/lib/artifacts/artifact-tools";
import type { ChatMessage, LiveReply, ToolCard } from "@/lib/chat/wire";

function artifactCardsIn(tools: readonly ToolCard[] | undefined): ArtifactCard[] {
  return (tools ?? []).filter((card): card is ArtifactCard => isArtifactToolName(card.name));
}

/** Every artifact chip of the thread: stored replies first, then the live one. */
export function artifactCardsOf(messages: readonly ChatMessage[], live: LiveReply | null): ArtifactCard[] {
  const cards = messages.flatMap((message) => (message.role === "assistant" ? artifactCardsIn(message.tools) : []));
  // A live reply's cards arrive again in its stored message; each is kept once, by id.
  const seen = new Set(cards.map((card) => card.id));
  return [...cards, ...artifactCardsIn(live?.tools).filter((card) => !seen.has(card.id))];
}

/** A key that changes exactly when a chip arrives or changes. */
export function artifactCardsKey(cards: readonly ArtifactCard[]): string {
  return cards.map((card) => `${card.id}:${card.artifact?.version ?? "x"}`).join("|");
}

/** The chips of `cards` not in `seen` (which is updated), oldest first. */
export function takeNewCards(cards: readonly ArtifactCard[], seen: Set<string>): ArtifactCard[] {
  const arrived = cards.filter((card) => !seen.has(card.id));
  for (const card of arrived) seen.add(card.id);
  return arrived;
}
