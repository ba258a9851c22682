/**
 * Watches one pane's reply on the instance that generates it and times it
 * from the run's start: the first token, the first rendered block (a
 * preview holding a complete ```ui node, an octo-ui fence with an item, or a
 * `render_ui` card with a spec), and the stored final tree. It hears the
 * chat hub's own events, so what it measures is what the server did, not
 * what a browser saw.
 */
import { extractGenuiFences } from "@/lib/genui";
import { isRenderUiCard, type AssistantMessage, type ChatEvent } from "@/lib/chat/wire";
import type { UiNode } from "@/lib/ui/envelope/schema";

/** Milliseconds between two looks at the streaming text for a finished octo-ui item (they parse the whole text). */
const FENCE_CHECK_INTERVAL_MS = 100;

/** When each moment of a reply happened, in milliseconds after the run's start; null when it never came. */
export type PaneTiming = {
  startMs: number | null;
  firstTokenMs: number | null;
  firstBlockMs: number | null;
  finalMs: number | null;
};

/** What a finished observation hands over. */
export type PaneObservation = { timing: PaneTiming; message: AssistantMessage };

/** Times one reply (see the file comment): feed it the chat's events; `ended` resolves with the stored reply. */
export class PaneObserver {
  readonly timing: PaneTiming = { startMs: null, firstTokenMs: null, firstBlockMs: null, finalMs: null };
  private text = "";
  private lastFenceCheck = -Infinity;
  private resolveEnded!: (observation: PaneObservation) => void;
  /** Resolves once the reply is stored. */
  readonly ended: Promise<PaneObservation>;

  /** An observer timing from `origin` (a `performance.now()` reading), by `now`. */
  constructor(
    private readonly origin: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.ended = new Promise((resolve) => (this.resolveEnded = resolve));
  }

  /** Hears one event of the pane's chat. */
  readonly hear = (event: ChatEvent): void => {
    const at = Math.max(0, Math.round(this.now() - this.origin));
    switch (event.type) {
      case "reply-start":
        this.timing.startMs ??= at;
        break;
      case "text-delta":
        if (event.delta.length > 0) this.timing.firstTokenMs ??= at;
        // The text is kept only to find the first octo-ui item; once a block was drawn, a huge reply is not copied again.
        if (this.timing.firstBlockMs !== null) break;
        if (event.start === this.text.length) this.text += event.delta;
        else if (event.start < this.text.length) this.text = this.text.slice(0, event.start) + event.delta;
        if (this.timing.firstBlockMs === null && this.text.includes("```octo-ui") && this.now() - this.lastFenceCheck >= FENCE_CHECK_INTERVAL_MS) {
          this.lastFenceCheck = this.now();
          if (extractGenuiFences(this.text).some((fence) => (fence.spec?.items.length ?? 0) > 0)) this.timing.firstBlockMs = at;
        }
        break;
      case "preview":
        if (this.timing.firstBlockMs === null && event.ui.some((block) => block.nodes.some(hasCompleteNode))) this.timing.firstBlockMs = at;
        break;
      case "tool":
        this.timing.firstTokenMs ??= at;
        if (this.timing.firstBlockMs === null && isRenderUiCard(event.card) && event.card.spec !== null) this.timing.firstBlockMs = at;
        break;
      case "reply-end":
        this.timing.finalMs = at;
        // A reply whose only block arrived whole at the end (too fast for a preview) was first drawn then.
        if (this.timing.firstBlockMs === null && renderedSomething(event.message)) this.timing.firstBlockMs = at;
        this.text = "";
        this.resolveEnded({ timing: { ...this.timing }, message: event.message });
        break;
      default:
        break;
    }
  };
}

function hasCompleteNode(node: UiNode): boolean {
  return node.complete || node.children.some(hasCompleteNode);
}

function renderedSomething(message: AssistantMessage): boolean {
  return (
    (message.ui ?? []).some((block) => block.nodes.some(hasCompleteNode)) ||
    (message.genui ?? []).some((fence) => (fence.spec?.items.length ?? 0) > 0) ||
    (message.tools ?? []).some((card) => isRenderUiCard(card) && card.spec !== null)
  );
}
