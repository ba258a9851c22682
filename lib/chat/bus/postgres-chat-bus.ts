/**
 * The chat bus across server instances: Postgres `LISTEN/NOTIFY` on one
 * channel, so scaling out needs no new infrastructure. Each instance listens
 * on a dedicated connection (postgres.js listens again after a reconnect)
 * and ignores its own notifications.
 *
 * Sending is batched: what is published within `BUS_BATCH_MS` goes out
 * together, its text deltas merged per reply (`coalesceSignals`) and packed
 * into as few payloads as fit (`packNotifyPayloads`), one `pg_notify` at a
 * time, in order. A signal too large for a payload goes by reference (a row
 * of `chat_bus_payloads`, inserted and announced in one statement, read by
 * each receiver), and rows are pruned after `BUS_PAYLOAD_TTL_MS`. Receivers
 * handle a sender's notifications strictly in order, a referenced one
 * included.
 *
 * A dropped connection (a database restart) is reconnected within about a
 * second (`reconnectBackoffSeconds`), and postgres.js listens again; what was
 * published while the instance could not listen is lost to it, so each time
 * it listens again after the first the bus tells its resume listeners, which
 * catch up from what is stored.
 */
import postgres from "postgres";
import type { ChatBus, ChatSignalReceiver } from "./chat-bus";
import { ChatSignalSchema, type ChatSignal } from "./chat-signal";
import { coalesceSignals } from "./coalesce-signals";
import { NOTIFY_REFERENCE_MAX_BYTES, packNotifyPayloads, parseNotifyPayload, referencePrefix } from "./notify-payloads";

/** The channel every instance of the app listens on. */
export const CHAT_BUS_CHANNEL = "octo_chat_events";

/** Seconds to wait for Postgres to accept the bus's connections before a send or listen fails. */
const CONNECT_TIMEOUT_SECONDS = 10;

/**
 * Milliseconds signals gather before a batch is sent: long enough that a
 * busy instance sends a few notifications per batch instead of one per
 * model delta (each is a round trip and a commit), short against the 250 ms
 * between previews.
 */
export const BUS_BATCH_MS = 10;

/** Milliseconds a by-reference payload is kept: receivers read it within milliseconds; one that was away longer resyncs. */
export const BUS_PAYLOAD_TTL_MS = 60_000;

/**
 * Connections of the bus's pool (besides the listening one): one sends, in
 * order; the other reads referenced payloads meanwhile, so a large signal
 * arriving does not wait behind this instance's own sends.
 */
const BUS_POOL_SIZE = 2;

/**
 * Seconds before the bus's connections try again after a failure, by attempt
 * (postgres.js's `backoff`): its default grows to 20 s, and an instance that
 * cannot listen misses every signal meanwhile — after an 8-second restart it
 * listened again 16–18 s after the database was back.
 */
export function reconnectBackoffSeconds(attempt: number): number {
  return Math.min(0.1 * 2 ** attempt, 1);
}

/** Options of `PostgresChatBus`. */
export type PostgresChatBusOptions = {
  /** The Postgres URL (the app's `DATABASE_URL`). */
  url: string;
  /** The channel (default `CHAT_BUS_CHANNEL`; tests use their own so parallel suites do not hear each other). */
  channel?: string;
  /** This instance's id on the bus (default: a random UUID). */
  instanceId?: string;
  /** Milliseconds a batch gathers (default `BUS_BATCH_MS`). */
  batchMs?: number;
};

/** A chat bus over Postgres `LISTEN/NOTIFY` (see the file comment). */
export class PostgresChatBus implements ChatBus {
  readonly instanceId: string;
  private readonly channel: string;
  private readonly batchMs: number;
  private readonly client: postgres.Sql;
  private readonly receivers = new Set<ChatSignalReceiver>();
  private readonly resumeListeners = new Set<() => void>();
  /** Whether the bus has listened once: every later listen follows a lost connection. */
  private listened = false;
  private readonly queue: ChatSignal[] = [];
  /** The batch being gathered or sent; resolves once everything queued when it started was sent. */
  private sending: Promise<void> | null = null;
  private started: Promise<void> | null = null;
  private listening: { unlisten: () => Promise<void> } | null = null;
  /** Received notifications are handled one after another: a referenced one is read before the next is delivered. */
  private delivering: Promise<void> = Promise.resolve();
  private prunedAt = 0;
  private closed = false;

  /** A bus on the Postgres at `options.url`; nothing connects until `start` or the first `publish`. */
  constructor(options: PostgresChatBusOptions) {
    this.instanceId = options.instanceId ?? crypto.randomUUID();
    this.channel = options.channel ?? CHAT_BUS_CHANNEL;
    this.batchMs = options.batchMs ?? BUS_BATCH_MS;
    this.client = postgres(options.url, { max: BUS_POOL_SIZE, connect_timeout: CONNECT_TIMEOUT_SECONDS, backoff: reconnectBackoffSeconds, onnotice: () => {} });
  }

  start(): Promise<void> {
    this.started ??= this.client
      .listen(
        this.channel,
        (payload) => this.receive(payload),
        () => this.listenedAgain(),
      )
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
    this.sending ??= this.sendSoon();
  }

  onResume(listener: () => void): () => void {
    this.resumeListeners.add(listener);
    return () => void this.resumeListeners.delete(listener);
  }

  /** postgres.js listened (first, or again after a lost connection). */
  private listenedAgain(): void {
    if (!this.listened) {
      this.listened = true;
      return;
    }
    if (this.closed) return;
    for (const listener of this.resumeListeners) {
      try {
        listener();
      } catch (caught) {
        console.error("chat bus: a resume listener failed", caught);
      }
    }
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
    this.resumeListeners.clear();
    await this.listening?.unlisten().catch(() => {});
    await this.client.end({ timeout: 1 });
  }

  /** Waits for the batch to gather, sends it, and starts the next batch if more queued meanwhile. */
  private async sendSoon(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, this.batchMs));
    try {
      while (this.queue.length > 0) await this.send(coalesceSignals(this.queue.splice(0, this.queue.length)));
    } finally {
      this.sending = null;
      if (this.queue.length > 0 && !this.closed) this.sending = this.sendSoon();
    }
  }

  /** Sends one batch, in order; a failed send is logged and the rest still goes (receivers notice the gap and resync). */
  private async send(batch: readonly ChatSignal[]): Promise<void> {
    for (const notification of packNotifyPayloads(this.instanceId, batch.map((signal) => JSON.stringify(signal)))) {
      try {
        if (notification.kind === "inline") {
          await this.client.notify(this.channel, notification.payload);
        } else if (Buffer.byteLength(notification.data) > NOTIFY_REFERENCE_MAX_BYTES) {
          console.error(`chat bus: a signal of ${notification.data.length} characters is too large to send; it was dropped`);
        } else {
          // Stored and announced in one statement: the row is there before any receiver hears of it.
          await this.client`
            with stored as (insert into chat_bus_payloads (data) values (${notification.data}) returning id)
            select pg_notify(${this.channel}, ${referencePrefix(this.instanceId)} || stored.id) from stored`;
          await this.pruneNowAndThen();
        }
      } catch (caught) {
        console.error("chat bus: sending a notification failed", caught);
      }
    }
  }

  /** Deletes referenced payloads older than their time to live, at most once per that time. */
  private async pruneNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now - this.prunedAt < BUS_PAYLOAD_TTL_MS) return;
    this.prunedAt = now;
    await this.client`delete from chat_bus_payloads where created_at < now() - ${`${BUS_PAYLOAD_TTL_MS} milliseconds`}::interval`;
  }

  private receive(payload: string): void {
    if (this.closed) return;
    const notification = parseNotifyPayload(payload);
    if (!notification || notification.sender === this.instanceId) return;
    this.delivering = this.delivering.then(async () => {
      let signals = "signals" in notification ? notification.signals : null;
      if ("reference" in notification) {
        try {
          const [row] = await this.client<{ data: string }[]>`select data from chat_bus_payloads where id = ${notification.reference}`;
          signals = row?.data ?? null;
        } catch (caught) {
          console.error("chat bus: reading a referenced payload failed", caught);
        }
      }
      if (signals !== null) this.deliver(signals);
    });
  }

  private deliver(signals: string): void {
    if (this.closed) return;
    let values: unknown;
    try {
      values = JSON.parse(signals);
    } catch {
      return;
    }
    if (!Array.isArray(values)) return;
    for (const value of values) {
      const parsed = ChatSignalSchema.safeParse(value);
      if (!parsed.success) continue;
      for (const receiver of this.receivers) {
        try {
          receiver(parsed.data);
        } catch (caught) {
          console.error("chat bus: a receiver failed", caught);
        }
      }
    }
  }
}
