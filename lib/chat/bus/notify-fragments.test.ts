import { describe, expect, it } from "vitest";
import { fragmentNotifyPayload, NotifyAssembler, NOTIFY_FRAGMENT_UNITS, NOTIFY_PAYLOAD_MAX_BYTES } from "./notify-fragments";

const SENDER = "5b0c1d7e-7a51-4b8e-9f63-0c8a3c1f2e44";

function roundTrip(data: string, signalNumber = 1): { payloads: string[]; joined: string | null } {
  const payloads = fragmentNotifyPayload({ sender: SENDER, signalNumber, data });
  const assembler = new NotifyAssembler();
  let joined: string | null = null;
  payloads.forEach((payload, index) => {
    const result = assembler.accept(payload);
    if (index < payloads.length - 1) expect(result).toBeNull();
    else joined = result?.data ?? null;
  });
  return { payloads, joined };
}

describe("notify fragments", () => {
  it("sends a small signal as one payload", () => {
    const { payloads, joined } = roundTrip('{"type":"stop","chatId":"c"}');
    expect(payloads).toHaveLength(1);
    expect(joined).toBe('{"type":"stop","chatId":"c"}');
  });

  it("splits large data under the byte limit and joins it back exactly, whatever the characters", () => {
    const samples = [
      "a".repeat(50_000),
      "€".repeat(9_000), // three UTF-8 bytes per unit: the worst case the size is chosen for
      "🙂".repeat(7_000), // surrogate pairs must never be split
      Array.from({ length: 20_000 }, (_, index) => String.fromCharCode(32 + (index * 7919) % 20_000)).join(""),
    ];
    for (const data of samples) {
      const { payloads, joined } = roundTrip(data);
      expect(joined).toBe(data);
      expect(payloads.length).toBeGreaterThanOrEqual(Math.ceil(data.length / NOTIFY_FRAGMENT_UNITS));
      for (const payload of payloads) expect(Buffer.byteLength(payload, "utf8")).toBeLessThanOrEqual(NOTIFY_PAYLOAD_MAX_BYTES);
      for (const payload of payloads) expect(payload).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    }
  });

  it("sends the empty string as one payload", () => {
    expect(roundTrip("").joined).toBe("");
  });

  it("drops an assembly that lost a fragment, and recovers with the next signal", () => {
    const assembler = new NotifyAssembler();
    const first = fragmentNotifyPayload({ sender: SENDER, signalNumber: 1, data: "x".repeat(6_000) });
    const second = fragmentNotifyPayload({ sender: SENDER, signalNumber: 2, data: "y".repeat(6_000) });
    expect(first.length).toBe(3);
    expect(assembler.accept(first[0] as string)).toBeNull();
    expect(assembler.accept(first[2] as string)).toBeNull();
    expect(assembler.accept(first[1] as string)).toBeNull();
    const joined = second.map((payload) => assembler.accept(payload)).at(-1);
    expect(joined).toEqual({ sender: SENDER, data: "y".repeat(6_000) });
  });

  it("keeps senders apart", () => {
    const assembler = new NotifyAssembler();
    const other = "0f2a3b4c-0000-4000-8000-000000000000";
    const mine = fragmentNotifyPayload({ sender: SENDER, signalNumber: 1, data: "m".repeat(5_000) });
    const theirs = fragmentNotifyPayload({ sender: other, signalNumber: 1, data: "t".repeat(5_000) });
    const results = [mine[0], theirs[0], mine[1], theirs[1], mine[2], theirs[2]].map((payload) => assembler.accept(payload as string));
    expect(results.filter((result) => result !== null)).toEqual([
      { sender: SENDER, data: "m".repeat(5_000) },
      { sender: other, data: "t".repeat(5_000) },
    ]);
  });

  it("ignores anything that is not a fragment", () => {
    const assembler = new NotifyAssembler();
    for (const payload of ["", "hello", "c1|x|1|0|1", `c1|${SENDER}|1|3|2|data`, `c1|${SENDER}|1|0|0|data`, `c2|${SENDER}|1|0|1|{}`]) {
      expect(assembler.accept(payload)).toBeNull();
    }
  });
});
