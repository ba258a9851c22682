/**
 * The chat bus across server instances: Postgres `LISTEN/NOTIFY` on one
 * channel, so scaling out needs no new infrastructure. Each instance listens
 * on a dedicated connection (postgres.js re-listens after a reconnect) and
 * ignores its own notifications. Sending is one `pg_notify` at a time, in
 * order: queued text deltas are merged while a send is in flight
 * (`coalesceSignals`) and every signal is split into payloads under the
 * 8000-byte limit (`fragmentNotifyPayload`).
 */
import postgres from "postgres";
import type { ChatBus, ChatSignalReceiver } from "./chat-bus";
import { ChatSignalSchema, type ChatSignal } from "./chat-signal";
import { coalesceSignals } from "./coalesce-signals";
import { fragmentNotifyPayload, NotifyAssembler } from "./notify-fragments";

/** The channel every instance of the app listens on. */
export const CHAT_BUS_CHANNEL = "octo_chat_events";

/** Seconds to wait for Postgres to accept the bus's connections before a send or listen fails. */
const CONNECT_TIMEOUT_SECONDS = 10;

/** Options of `PostgresChatBus`. */
export type PostgresChatBusOptions = {
  /** The Postgres URL (the app's `DATABASE_URL`). */
  url: string;
  /** The channel (default `CHAT_BUS_CHANNEL`; tests use their own so parallel suites do not hear each other). */
  channel?: string;
  /** This instance's id on the bus (default: a random UUID). */
  instanceId?: string;
};

/** A chat bus over Postgres `LISTEN/NOTIFY` (see the file comment). */
export class PostgresChatBus implements ChatBus {
  readonly instanceId: string;
  private readonly channel: string;
  private readonly client: postgres.Sql;
  private readonly receivers = new Set<ChatSignalReceiver>();
  private readonly assembler = new NotifyAssembler();
  private readonly queue: ChatSignal[] = [];
  private sending: Promise<void> | null = null;
  private started: Promise<void> | null = null;
  private listening: { unlisten: () => Promise<void> } | null = null;
  private signalNumber = 0;
  private closed = false;

  /** A bus on the Postgres at `options.url`; nothing connects until `start` or the first `publish`. */
  constructor(options: PostgresChatBusOptions) {
    this.instanceId = options.instanceId ?? crypto.randomUUID();
    this.channel = options.channel ?? CHAT_BUS_CHANNEL;
    // One connection sends (in order); postgres.js opens its own dedicated connection to listen.
    this.client = postgres(options.url, { max: 1, connect_timeout: CONNECT_TIMEOUT_SECONDS, onnotice: () => {} });
  }

  start(): Promise<void> {
    this.started ??= this.client
      .listen(this.channel, (payload) => this.receive(payload))
      .then((listening) => {
        this.listening = listening;
      })
      .catch((caught: unknown) => {
        this.started = null;
        throw caught;
      });
    return this.started;
  }

  publish(signal: ChatSignal): void {
    if (this.closed) return;
    this.queue.push(signal);
    this.startSending();
  }

  /** Drains the queue unless a drain runs; one that ended before a signal queued behind it (a refused signal ends it without a send) starts again. */
  private startSending(): void {
    this.sending ??= this.drain().finally(() => {
      this.sending = null;
      if (this.queue.length > 0 && !this.closed) this.startSending();
    });
  }

  onSignal(receiver: ChatSignalReceiver): () => void {
    this.receivers.add(receiver);
    return () => void this.receivers.delete(receiver);
  }

  async flush(): Promise<void> {
    while (this.sending) await this.sending;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.flush();
    this.closed = true;
    this.receivers.clear();
    await this.listening?.unlisten().catch(() => {});
    await this.client.end({ timeout: 1 });
  }

  /** Sends what is queued, merging text deltas that queued up while a send was in flight. */
  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = coalesceSignals(this.queue.splice(0, this.queue.length));
      for (const signal of batch) {
        this.signalNumber += 1;
        try {
          // A signal too large to fragment is refused here like a failed send, never thrown past the queue.
          const payloads = fragmentNotifyPayload({ sender: this.instanceId, signalNumber: this.signalNumber, data: JSON.stringify(signal) });
          for (const payload of payloads) await this.client.notify(this.channel, payload);
        } catch (caught) {
          // Receivers notice the gap (the next `alive` or delta) and resync; a lost stop or end is logged here.
          console.error(`chat bus: sending a ${signal.type} signal failed`, caught);
        }
      }
    }
  }

  private receive(payload: string): void {
    if (this.closed) return;
    const assembled = this.assembler.accept(payload);
    if (!assembled || assembled.sender === this.instanceId) return;
    let value: unknown;
    try {
      value = JSON.parse(assembled.data);
    } catch {
      return;
    }
    const parsed = ChatSignalSchema.safeParse(value);
    if (!parsed.success) return;
    for (const receiver of this.receivers) {
      try {
        receiver(parsed.data);
      } catch (caught) {
        console.error("chat bus: a receiver failed", caught);
      }
    }
  }
}
