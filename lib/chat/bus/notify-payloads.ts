/**
 * Chat signals as `NOTIFY` payloads. A sender packs the signals it has
 * queued into as few notifications as fit — `c2|<sender>|[<signal>,…]`, each
 * under Postgres's 8,000-byte limit — so a busy instance sends a few
 * notifications a batch instead of one per signal. A signal too large for a
 * payload on its own goes by reference: its JSON is stored as a row of
 * `chat_bus_payloads` and the notification says `c2|<sender>|#<row id>`;
 * receivers read the row. A sender's notifications arrive in the order it
 * sent them (it awaits each), and receivers keep that order.
 */

/** The format tag in front of every payload, so a future format can be told apart. */
export const NOTIFY_FORMAT = "c2";

/** Postgres refuses payloads of 8,000 bytes or more (`NOTIFY`'s documented limit). */
export const NOTIFY_PAYLOAD_MAX_BYTES = 7_999;

/**
 * Bytes of the largest signal sent by reference. A merged text delta stops
 * at `COALESCED_DELTA_MAX_UNITS` (500,000 UTF-16 units, at most 3 MB as
 * escaped JSON) and a `render_ui` card is capped far below that; anything
 * larger is a bug or a forgery, and is refused rather than stored.
 */
export const NOTIFY_REFERENCE_MAX_BYTES = 8 * 1024 * 1024;

const HEADER = /^c2\|([A-Za-z0-9-]{1,64})\|/;

/** One notification to send: a payload as it is, or signal JSON to store and send by reference. */
export type OutgoingNotify = { kind: "inline"; payload: string } | { kind: "reference"; data: string };

/** The payload prefix of a sender: what a reference's row id is appended to. */
export function referencePrefix(sender: string): string {
  return `${NOTIFY_FORMAT}|${sender}|#`;
}

/**
 * The notifications carrying `signals` (each already serialized as JSON)
 * from `sender`, in order: consecutive signals packed into arrays while they
 * fit one payload, a signal that fits none alone sent by reference.
 */
export function packNotifyPayloads(sender: string, signals: readonly string[]): OutgoingNotify[] {
  const head = `${NOTIFY_FORMAT}|${sender}|`;
  const headBytes = Buffer.byteLength(head);
  const outgoing: OutgoingNotify[] = [];
  let packed: string[] = [];
  // The array's brackets; each signal after the first adds a comma.
  let packedBytes = headBytes + 2;
  const flush = () => {
    if (packed.length === 0) return;
    outgoing.push({ kind: "inline", payload: `${head}[${packed.join(",")}]` });
    packed = [];
    packedBytes = headBytes + 2;
  };
  for (const signal of signals) {
    const bytes = Buffer.byteLength(signal);
    if (headBytes + 2 + bytes > NOTIFY_PAYLOAD_MAX_BYTES) {
      flush();
      outgoing.push({ kind: "reference", data: `[${signal}]` });
      continue;
    }
    const added = bytes + (packed.length > 0 ? 1 : 0);
    if (packedBytes + added > NOTIFY_PAYLOAD_MAX_BYTES) flush();
    packedBytes += bytes + (packed.length > 0 ? 1 : 0);
    packed.push(signal);
  }
  flush();
  return outgoing;
}

/** A received notification: signals (a JSON array's text) or the id of the row holding them. */
export type IncomingNotify = { sender: string; signals: string } | { sender: string; reference: number };

/** Reads one payload; null for anything that is not this format (it is ignored). */
export function parseNotifyPayload(payload: string): IncomingNotify | null {
  const header = HEADER.exec(payload);
  if (!header) return null;
  const sender = header[1] ?? "";
  const body = payload.slice(header[0].length);
  if (body.startsWith("#")) {
    const reference = Number(body.slice(1));
    return Number.isSafeInteger(reference) && reference > 0 ? { sender, reference } : null;
  }
  return body.startsWith("[") ? { sender, signals: body } : null;
}
