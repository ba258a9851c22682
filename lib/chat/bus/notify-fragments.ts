/**
 * Splitting chat signals into `NOTIFY` payloads and joining them again.
 * Postgres refuses a notification payload of 8000 bytes or more, and a text
 * delta or a tool card can be larger, so every serialized signal travels as
 * one or more fragments: `c1|<sender>|<signal number>|<index>|<count>|<data>`.
 * A sender's notifications arrive in the order it sent them (it awaits each),
 * so a receiver joins fragments in a row and drops an assembly that breaks
 * off (a missed notification: the chat core resyncs what it lost).
 */

/** The format tag in front of every payload, so a future format can be told apart. */
export const NOTIFY_FORMAT = "c1";

/**
 * UTF-16 units of signal data per fragment: at most 3 UTF-8 bytes each (a
 * surrogate pair is 4 bytes for 2 units), so 2,400 units stay under 7,200
 * bytes and the header fits in what remains below Postgres's 8,000.
 */
export const NOTIFY_FRAGMENT_UNITS = 2_400;

/** Postgres refuses payloads of 8,000 bytes or more (`NOTIFY`'s documented limit). */
export const NOTIFY_PAYLOAD_MAX_BYTES = 7_999;

/**
 * Most fragments of one signal (about 4.8 million UTF-16 units): far above a
 * reply's delta or card, low enough that a forged count cannot make a
 * receiver hold unbounded memory.
 */
export const NOTIFY_MAX_FRAGMENTS = 2_000;

/** Senders whose assemblies a receiver tracks at once; more means stale senders, and the oldest is dropped. */
export const NOTIFY_MAX_ASSEMBLIES = 256;

const HEADER = /^c1\|([A-Za-z0-9-]{1,64})\|(\d{1,15})\|(\d{1,5})\|(\d{1,5})\|/;

/** The payloads carrying `data` (a serialized signal) from `sender`, in order. */
export function fragmentNotifyPayload(input: { sender: string; signalNumber: number; data: string }): string[] {
  const slices: string[] = [];
  let position = 0;
  while (position < input.data.length || slices.length === 0) {
    let end = Math.min(position + NOTIFY_FRAGMENT_UNITS, input.data.length);
    // Never split a surrogate pair: each fragment stays well-formed UTF-16.
    const last = input.data.charCodeAt(end - 1);
    if (end < input.data.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    slices.push(input.data.slice(position, end));
    position = end;
  }
  if (slices.length > NOTIFY_MAX_FRAGMENTS) throw new Error(`a chat signal of ${input.data.length} units is too large for the bus`);
  return slices.map((slice, index) => {
    const payload = `${NOTIFY_FORMAT}|${input.sender}|${input.signalNumber}|${index}|${slices.length}|${slice}`;
    if (Buffer.byteLength(payload, "utf8") > NOTIFY_PAYLOAD_MAX_BYTES) throw new Error("a notify fragment exceeds the payload limit");
    return payload;
  });
}

/** A joined signal: who sent it, and its serialized data. */
export type AssembledPayload = { sender: string; data: string };

type Assembly = { signalNumber: string; count: number; parts: string[] };

/** Joins fragments back into signals, one sender at a time (see the file comment). */
export class NotifyAssembler {
  private readonly assemblies = new Map<string, Assembly>();

  /** Takes one payload; returns the joined signal when it was the last fragment, else null (also for anything malformed). */
  accept(payload: string): AssembledPayload | null {
    const header = HEADER.exec(payload);
    if (!header) return null;
    const [matched, sender = "", signalNumber = "", indexText = "", countText = ""] = header;
    const index = Number(indexText);
    const count = Number(countText);
    const data = payload.slice(matched.length);
    if (count < 1 || count > NOTIFY_MAX_FRAGMENTS || index >= count) return null;
    if (count === 1) {
      this.assemblies.delete(sender);
      return { sender, data };
    }
    if (index === 0) {
      this.assemblies.delete(sender);
      if (this.assemblies.size >= NOTIFY_MAX_ASSEMBLIES) {
        const oldest = this.assemblies.keys().next().value;
        if (oldest !== undefined) this.assemblies.delete(oldest);
      }
      this.assemblies.set(sender, { signalNumber, count, parts: [data] });
      return null;
    }
    const assembly = this.assemblies.get(sender);
    if (!assembly || assembly.signalNumber !== signalNumber || assembly.count !== count || assembly.parts.length !== index) {
      // A fragment went missing: what was gathered cannot become a signal.
      this.assemblies.delete(sender);
      return null;
    }
    assembly.parts.push(data);
    if (assembly.parts.length < count) return null;
    this.assemblies.delete(sender);
    return { sender, data: assembly.parts.join("") };
  }
}
