/**
 * The replies this server process is generating, one per chat at most. A
 * generation runs independently of the request that started it: the registry
 * holds its abort controller so Stop (from any request, or another instance
 * over the bus) can reach it, and its promise so shutdown and tests can wait.
 */

/** Why a generation was aborted. */
export type GenerationStopReason = "stop" | "time-limit" | "delete" | "lease-lost" | "model-idle";

type Entry = {
  controller: AbortController;
  /** Why it was aborted, once it was. */
  reason: GenerationStopReason | null;
  /** Settles when the generation has ended and stored its reply. */
  done: Promise<void> | null;
};

/** Running generations of this process, by chat id. */
export class GenerationRegistry {
  private readonly entries = new Map<string, Entry>();

  /** True while a generation for the chat is reserved or running here. */
  has(chatId: string): boolean {
    return this.entries.has(chatId);
  }

  /**
   * Takes the chat's slot, or returns null when a generation already holds it.
   * Check and take happen in one synchronous step, so two sends racing in
   * this process cannot both get it.
   */
  reserve(chatId: string): { signal: AbortSignal; reason: () => GenerationStopReason | null; release: () => void } | null {
    if (this.entries.has(chatId)) return null;
    const entry: Entry = { controller: new AbortController(), reason: null, done: null };
    this.entries.set(chatId, entry);
    return {
      signal: entry.controller.signal,
      reason: () => entry.reason,
      release: () => {
        if (this.entries.get(chatId) === entry) this.entries.delete(chatId);
      },
    };
  }

  /** Records the running generation of a reserved chat; it releases the slot when it settles (if it has not already). */
  run(chatId: string, generation: Promise<void>): void {
    const entry = this.entries.get(chatId);
    if (!entry) return;
    entry.done = generation.finally(() => {
      if (this.entries.get(chatId) === entry) this.entries.delete(chatId);
    });
  }

  /** Aborts the chat's generation; returns false when none runs here. */
  abort(chatId: string, reason: GenerationStopReason): boolean {
    const entry = this.entries.get(chatId);
    if (!entry) return false;
    entry.reason ??= reason;
    entry.controller.abort();
    return true;
  }

  /** The chat's generation as a promise (resolved when none runs). */
  done(chatId: string): Promise<void> {
    return this.entries.get(chatId)?.done ?? Promise.resolve();
  }

  /** Resolves when every generation running now, and any started while waiting, has ended. */
  async idle(): Promise<void> {
    while (this.entries.size > 0) {
      await Promise.all([...this.entries.values()].map((entry) => entry.done ?? Promise.resolve()));
      // A slot reserved but never run (a send that failed midway) is released by its owner.
      if ([...this.entries.values()].every((entry) => entry.done === null)) return;
    }
  }
}
