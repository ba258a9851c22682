/**
 * `UiStream`: the previews of a reply being generated. It wraps a
 * `UiCompiler` with a fixed throttle: the first update compiles at once, then
 * at most one compilation per `UI_STREAM_INTERVAL_MS`, always of the newest
 * text. `finish` compiles the authoritative text and returns it at once;
 * `dispose` stops everything. Previews only go to `emit`: the stream never
 * logs or stores them (the host writes only `finish`'s result).
 */
import { UiCompiler } from "../compile/compiler";
import type { UiCompilerOptions } from "../compile/options";
import type { UiBlock } from "../envelope/schema";

/** Milliseconds between two preview compilations: four previews a second keep a panel live without recompiling every token. */
export const UI_STREAM_INTERVAL_MS = 250;

/** The clock a stream schedules with; inject a fake one in tests. */
export type UiStreamClock = {
  /** Milliseconds on a monotonic scale. */
  now(): number;
  /** Runs `callback` once after `milliseconds`; returns a handle for `clearTimeout`. */
  setTimeout(callback: () => void, milliseconds: number): unknown;
  /** Cancels a callback scheduled with `setTimeout`. */
  clearTimeout(handle: unknown): void;
};

/** One preview: the blocks compiled from the first `textLength` UTF-16 units of the reply. */
export type UiStreamPreview = { blocks: UiBlock[]; textLength: number };

/** Options of `UiStream`: the compiler's stable configuration, a clock, and where previews go. */
export type UiStreamOptions = UiCompilerOptions & {
  /** The attachment `Image generated="latest"` resolves to in previews (`finish` is told its own). */
  latestAttachment?: string;
  /** The clock (default: `performance.now` and the global timers). */
  clock?: UiStreamClock;
  /** Receives each preview; the host transports it to viewers and never logs it. */
  emit: (preview: UiStreamPreview) => void;
};

/** The real clock: a monotonic `now` and the global timers. */
const SYSTEM_CLOCK: UiStreamClock = {
  now: () => globalThis.performance.now(),
  setTimeout: (callback, milliseconds) => globalThis.setTimeout(callback, milliseconds),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/** Throttled preview compilation of one streaming reply (see the file comment). */
export class UiStream {
  private readonly clock: UiStreamClock;
  private readonly emit: (preview: UiStreamPreview) => void;
  private readonly compiler: UiCompiler;
  private readonly latestAttachment: string | undefined;
  /** The newest text received. */
  private text = "";
  /** The text compiled last (null before the first compilation). */
  private compiledText: string | null = null;
  private lastCompileAt = 0;
  private timer: { handle: unknown } | null = null;
  private closed = false;
  private compileTime = 0;

  /** A stream for one reply. */
  constructor(options: UiStreamOptions) {
    const { clock, emit, latestAttachment, ...compilerOptions } = options;
    this.latestAttachment = latestAttachment;
    this.clock = clock ?? SYSTEM_CLOCK;
    this.emit = emit;
    this.compiler = new UiCompiler(compilerOptions);
  }

  /** Milliseconds spent compiling so far (every preview and the final compile), by the clock's `now`. */
  get compileMs(): number {
    return this.compileTime;
  }

  /** The reply's text so far: compiled now if this is the first update or an interval has passed, else when the interval ends. */
  update(text: string): void {
    if (this.closed) return;
    this.text = text;
    if (this.timer) return;
    if (this.compiledText === null) {
      this.preview();
      return;
    }
    const wait = this.lastCompileAt + UI_STREAM_INTERVAL_MS - this.clock.now();
    if (wait <= 0) this.preview();
    else this.schedule(wait);
  }

  /** Compiles the authoritative final text now, cancels any pending preview, and returns the blocks (nothing is emitted). */
  finish(text: string, latestAttachment?: string): UiBlock[] {
    this.cancel();
    this.closed = true;
    const started = this.clock.now();
    const blocks = this.compiler.compile(text, latestAttachment === undefined ? { final: true } : { final: true, latestAttachment });
    this.compileTime += this.clock.now() - started;
    this.release();
    return blocks;
  }

  /** Cancels pending previews and releases the cached text and blocks; later calls do nothing. */
  dispose(): void {
    this.cancel();
    this.closed = true;
    this.release();
  }

  private schedule(wait: number): void {
    const timer = { handle: undefined as unknown };
    this.timer = timer;
    timer.handle = this.clock.setTimeout(() => {
      if (this.timer !== timer) return;
      this.timer = null;
      if (!this.closed && this.text !== this.compiledText) this.preview();
    }, wait);
  }

  private preview(): void {
    const text = this.text;
    this.lastCompileAt = this.clock.now();
    this.compiledText = text;
    const blocks = this.compiler.compile(text, this.latestAttachment === undefined ? {} : { latestAttachment: this.latestAttachment });
    this.compileTime += this.clock.now() - this.lastCompileAt;
    this.emit({ blocks, textLength: text.length });
  }

  private cancel(): void {
    if (!this.timer) return;
    this.clock.clearTimeout(this.timer.handle);
    this.timer = null;
  }

  private release(): void {
    this.compiler.clear();
    this.text = "";
    this.compiledText = null;
  }
}
