/**
 * The in-process chat bus. With the embedded database there is one server
 * process, so a bus on its own network is all it needs (publishing reaches
 * nobody). Tests connect several buses to one `MemoryChatNetwork` to play
 * several instances in one process: each signal is serialized and parsed
 * again, as it would be on the wire, and delivered asynchronously in order.
 */
import { ChatSignalSchema, type ChatSignal } from "./chat-signal";
import type { ChatBus, ChatSignalReceiver } from "./chat-bus";

/** Buses that hear each other, as instances sharing one database do. */
export class MemoryChatNetwork {
  private readonly buses = new Set<MemoryChatBus>();
  private pending: Promise<void> = Promise.resolve();

  /** Adds a bus (done by its constructor). */
  join(bus: MemoryChatBus): void {
    this.buses.add(bus);
  }

  /** Removes a bus (done by its `close`). */
  leave(bus: MemoryChatBus): void {
    this.buses.delete(bus);
  }

  /** Delivers a serialized signal to every bus but its sender, after the signals sent before it. */
  send(sender: MemoryChatBus, payload: string): Promise<void> {
    const delivery = this.pending.then(() => {
      for (const bus of this.buses) if (bus !== sender) bus.receive(payload);
    });
    this.pending = delivery.catch(() => {});
    return delivery;
  }
}

/** A chat bus inside one process (see the file comment). */
export class MemoryChatBus implements ChatBus {
  readonly instanceId: string;
  private readonly network: MemoryChatNetwork;
  private readonly receivers = new Set<ChatSignalReceiver>();
  private sent: Promise<void> = Promise.resolve();
  private closed = false;

  /** A bus on `network` (default: a network of its own). */
  constructor(options: { network?: MemoryChatNetwork; instanceId?: string } = {}) {
    this.instanceId = options.instanceId ?? crypto.randomUUID();
    this.network = options.network ?? new MemoryChatNetwork();
    this.network.join(this);
  }

  async start(): Promise<void> {}

  publish(signal: ChatSignal): void {
    if (this.closed) return;
    this.sent = this.network.send(this, JSON.stringify(signal)).catch((caught: unknown) => {
      console.error("chat bus: delivering a signal failed", caught);
    });
  }

  /** In one process nothing is ever missed: resume listeners are never called. */
  onResume(_listener: () => void): () => void {
    return () => {};
  }

  onSignal(receiver: ChatSignalReceiver): () => void {
    this.receivers.add(receiver);
    return () => void this.receivers.delete(receiver);
  }

  flush(): Promise<void> {
    return this.sent;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.network.leave(this);
    this.receivers.clear();
  }

  /** Delivers one serialized signal from another bus to this bus's receivers. */
  receive(payload: string): void {
    if (this.closed) return;
    const parsed = ChatSignalSchema.safeParse(JSON.parse(payload));
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
