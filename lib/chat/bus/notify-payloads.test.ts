import { describe, expect, it } from "vitest";
import { NOTIFY_PAYLOAD_MAX_BYTES, packNotifyPayloads, parseNotifyPayload, referencePrefix } from "./notify-payloads";

const SENDER = "6f1c2a9e-1b7d-4c8e-9a51-0e3f2d4b5c6a";

describe("packNotifyPayloads", () => {
  it("packs consecutive signals into arrays that each stay under the payload limit, in order", () => {
    const signals = Array.from({ length: 400 }, (_, index) => JSON.stringify({ type: "text", chatId: "c", messageId: "m", start: index * 30, delta: `piece ${index} `.padEnd(30, "é") }));
    const outgoing = packNotifyPayloads(SENDER, signals);
    expect(outgoing.length).toBeGreaterThan(1);
    expect(outgoing.length).toBeLessThan(signals.length / 10);
    const received: string[] = [];
    for (const notification of outgoing) {
      expect(notification.kind).toBe("inline");
      if (notification.kind !== "inline") continue;
      expect(Buffer.byteLength(notification.payload)).toBeLessThanOrEqual(NOTIFY_PAYLOAD_MAX_BYTES);
      const parsed = parseNotifyPayload(notification.payload);
      expect(parsed && "signals" in parsed && parsed.sender).toBe(SENDER);
      if (parsed && "signals" in parsed) received.push(...(JSON.parse(parsed.signals) as unknown[]).map((value) => JSON.stringify(value)));
    }
    expect(received).toEqual(signals);
  });

  it("sends a signal too large for any payload by reference, between the packed ones, in order", () => {
    const small = JSON.stringify({ type: "stop", chatId: "c" });
    const large = JSON.stringify({ type: "text", chatId: "c", messageId: "m", start: 0, delta: "📈".repeat(3_000) });
    expect(packNotifyPayloads(SENDER, [small, large, small])).toEqual([
      { kind: "inline", payload: `c2|${SENDER}|[${small}]` },
      { kind: "reference", data: `[${large}]` },
      { kind: "inline", payload: `c2|${SENDER}|[${small}]` },
    ]);
  });

  it("counts bytes, not characters: a payload of multi-byte text still fits", () => {
    const signal = JSON.stringify({ type: "text", chatId: "c", messageId: "m", start: 0, delta: "€".repeat(2_600) });
    const [only] = packNotifyPayloads(SENDER, [signal]);
    expect(only?.kind).toBe("inline");
    expect(Buffer.byteLength((only as { payload: string }).payload)).toBeLessThanOrEqual(NOTIFY_PAYLOAD_MAX_BYTES);
    expect(packNotifyPayloads(SENDER, [JSON.stringify({ delta: "€".repeat(2_700) })])[0]?.kind).toBe("reference");
  });
});

describe("parseNotifyPayload", () => {
  it("reads a reference", () => {
    expect(parseNotifyPayload(`${referencePrefix(SENDER)}42`)).toEqual({ sender: SENDER, reference: 42 });
  });

  it("ignores anything else", () => {
    for (const payload of ["", "hello", `c1|${SENDER}|1|0|1|{}`, `c2|${SENDER}|#0`, `c2|${SENDER}|#x`, `c2|${SENDER}|{"type":"stop"}`, `c2|not a sender|[]`]) {
      expect(parseNotifyPayload(payload)).toBeNull();
    }
  });
});
