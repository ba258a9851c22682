/**
 * The chat bus: how one server instance tells the others about the chats it
 * serves. `publish` reaches every *other* instance (an instance serves its own
 * viewers directly), in the order published. Two implementations: in process
 * (`MemoryChatBus`, the embedded-database default and unit tests) and
 * Postgres `LISTEN/NOTIFY` (`PostgresChatBus`, whenever `DATABASE_URL` is set).
 */
import type { ChatSignal } from "./chat-signal";

/** Receives the signals other instances publish. */
export type ChatSignalReceiver = (signal: ChatSignal) => void;

/** A transport of chat signals between server instances. */
export type ChatBus = {
  /** This instance's id on the bus; its own signals are never delivered back to it. */
  readonly instanceId: string;
  /** Starts receiving (opens the listening connection); later calls share the first. */
  start(): Promise<void>;
  /** Sends a signal to every other instance; never throws (a failed send is logged). */
  publish(signal: ChatSignal): void;
  /** Registers a receiver of other instances' signals; returns its removal. */
  onSignal(receiver: ChatSignalReceiver): () => void;
  /**
   * Registers a listener told when the bus listens again after losing its
   * connection (a database restart): whatever was published meanwhile was
   * missed, so the instance catches up from what is stored. Returns its removal.
   */
  onResume(listener: () => void): () => void;
  /** Resolves once everything published so far has been sent. */
  flush(): Promise<void>;
  /** Stops sending and receiving. */
  close(): Promise<void>;
};
