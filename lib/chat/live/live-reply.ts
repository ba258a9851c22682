/**
 * One reply being generated, as one server instance knows it: its text, its
 * `render_ui` cards and its newest preview. The instance generating the reply
 * feeds it from the model; every other instance feeds its mirror from bus
 * signals. Either way the text goes through one `UiStream` per reply on that
 * instance, whose previews become `preview` events; previews are never
 * stored or logged. The stream starts only once someone on the instance
 * watches (`watch`), so an instance nobody watches — the one generating a
 * reply whose viewers are all on others included — only keeps the text.
 */
import type { UiQuerySchemas } from "@/lib/ui/compile/options";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import { UiStream, type UiStreamClock, type UiStreamPreview } from "@/lib/ui/stream/stream";
import type { ChatEvent, LiveReply, ToolCard } from "../wire";

/** What identifies a live reply. */
export type LiveReplyInfo = {
  chatId: string;
  /** The chat's owner. */
  userId: string;
  messageId: string;
  /** The user message it answers. */
  replyTo: string;
  model: string;
  startedAt: string;
  /** The chat's newest attached image when the reply started: `Image generated="latest"` resolves to it, in previews and the final compile. */
  latestAttachment?: string;
};

/** Options of `LiveReplyState`. */
export type LiveReplyStateOptions = {
  info: LiveReplyInfo;
  /** Where its events go (the hub forwards them to the chat's viewers). */
  emit: (event: ChatEvent) => void;
  /** The UiStream's clock. */
  clock?: UiStreamClock;
  /** Query sources `@Query` may name, as the final compile will see them. */
  querySchemas?: UiQuerySchemas;
  /** Start previewing at once (someone watches already) instead of on the first `watch`. */
  watched?: boolean;
};

/** A live reply on one instance (see the file comment). */
export class LiveReplyState {
  readonly info: LiveReplyInfo;
  private readonly emit: (event: ChatEvent) => void;
  private readonly clock: UiStreamClock | undefined;
  private readonly querySchemas: UiQuerySchemas | undefined;
  private textSoFar = "";
  private readonly cards: ToolCard[] = [];
  private preview: { ui: UiBlock[]; textLength: number } = { ui: [], textLength: 0 };
  private stream: UiStream | null = null;
  private ended = false;
  private compileTime = 0;

  /** A live reply with no text yet. */
  constructor(options: LiveReplyStateOptions) {
    this.info = options.info;
    this.emit = options.emit;
    this.clock = options.clock;
    this.querySchemas = options.querySchemas;
    if (options.watched) this.watch();
  }

  /** The text so far. */
  get text(): string {
    return this.textSoFar;
  }

  /** The `render_ui` cards so far. */
  get tools(): readonly ToolCard[] {
    return this.cards;
  }

  /**
   * Appends text received for offset `start` and emits the part that is new.
   * Returns false when `start` lies beyond the text held (something was
   * missed: the caller resyncs); overlap with what is held is ignored.
   */
  append(start: number, delta: string): boolean {
    if (this.ended) return true;
    if (start > this.textSoFar.length) return false;
    const fresh = delta.slice(this.textSoFar.length - start);
    if (fresh.length === 0) return true;
    const at = this.textSoFar.length;
    this.textSoFar += fresh;
    this.emit({ type: "text-delta", messageId: this.info.messageId, start: at, delta: fresh });
    this.stream?.update(this.textSoFar);
    return true;
  }

  /** Adds a `render_ui` card (once per tool call id) and emits it. */
  addTool(card: ToolCard): void {
    if (this.ended || this.cards.some((existing) => existing.id === card.id)) return;
    this.cards.push(card);
    this.emit({ type: "tool", messageId: this.info.messageId, card });
  }

  /** Starts previews if they have not started: someone on this instance is watching. */
  watch(): void {
    if (this.stream || this.ended) return;
    this.stream = this.createStream(({ blocks, textLength }) => {
      this.preview = { ui: blocks, textLength };
      this.emit({ type: "preview", messageId: this.info.messageId, ui: blocks, textLength });
    });
    if (this.textSoFar.length > 0) this.stream.update(this.textSoFar);
  }

  private createStream(emit: (preview: UiStreamPreview) => void): UiStream {
    return new UiStream({
      id: this.info.messageId,
      ...(this.clock ? { clock: this.clock } : {}),
      ...(this.querySchemas ? { querySchemas: this.querySchemas } : {}),
      ...(this.info.latestAttachment !== undefined ? { latestAttachment: this.info.latestAttachment } : {}),
      emit,
    });
  }

  /** The reply as a snapshot carries it. */
  snapshot(): LiveReply {
    return {
      messageId: this.info.messageId,
      replyTo: this.info.replyTo,
      model: this.info.model,
      startedAt: this.info.startedAt,
      text: this.textSoFar,
      ui: this.preview.ui,
      textLength: this.preview.textLength,
      tools: [...this.cards],
    };
  }

  /** The authoritative final compile of the text, through the reply's UiStream; the reply takes no more text. */
  finish(): UiBlock[] {
    this.ended = true;
    // Unwatched, the stream is made only to finish: nothing is previewed on the way.
    const stream = this.stream ?? this.createStream(() => {});
    this.stream = null;
    const blocks = stream.finish(this.textSoFar, this.info.latestAttachment);
    this.compileTime += stream.compileMs;
    return blocks;
  }

  /** Milliseconds this instance spent compiling the reply (previews and the final compile), once it finished. */
  get compileMs(): number {
    return this.compileTime;
  }

  /** Stops previews and takes no more text (a mirror whose reply ended elsewhere). */
  dispose(): void {
    this.ended = true;
    this.stream?.dispose();
    this.stream = null;
  }
}
