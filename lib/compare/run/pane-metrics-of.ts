/**
 * A pane's metrics from its stored reply and the times the server saw:
 * the reply's UI figures (lib/compare/metrics), its timing, tokens (the
 * provider's counts when it reported them, else the host's estimate, marked
 * so), tokens per second over the streaming time, cost when a price is
 * configured, and the server's compile time.
 */
import type { AssistantMessage } from "@/lib/chat/wire";
import type { PaneMetrics } from "../metrics/pane-metrics";
import { estimateTokens } from "../metrics/estimate-tokens";
import { replyUiMetrics } from "../metrics/reply-ui-metrics";

/** The moments of a reply, in milliseconds after its run started; null when unknown (a reply stored while no server watched it). */
export type PaneTimes = { firstTokenMs: number | null; firstBlockMs: number | null; finalMs: number | null };

/** A model's price, US dollars per million tokens. */
export type ModelPrice = { input: number; output: number };

/** The metrics of one pane (see the file comment). */
export function paneMetrics(input: { message: AssistantMessage; timing: PaneTimes | null; price: ModelPrice | null }): PaneMetrics {
  const { message, timing, price } = input;
  const usage = message.usage ?? null;
  const tokensIn = usage?.inputTokens ?? null;
  const tokensOut = usage?.outputTokens ?? estimateTokens(message.text);
  const streamingMs = timing?.finalMs != null && timing.firstTokenMs != null ? timing.finalMs - timing.firstTokenMs : null;
  return {
    ...replyUiMetrics(message),
    firstTokenMs: timing?.firstTokenMs ?? null,
    firstBlockMs: timing?.firstBlockMs ?? null,
    finalMs: timing?.finalMs ?? null,
    totalMs: timing?.finalMs ?? null,
    tokensIn,
    tokensOut,
    tokensEstimated: usage?.reported !== true,
    tokensPerSecond: streamingMs !== null && streamingMs > 0 ? Math.round((tokensOut / (streamingMs / 1000)) * 10) / 10 : null,
    costUsd: price && tokensIn !== null ? Math.round(((tokensIn * price.input + tokensOut * price.output) / 1_000_000) * 1e6) / 1e6 : null,
    compileMs: usage?.compileMs ?? null,
  };
}

/**
 * Prices from `COMPARE_PRICES`: `model-id=input/output` pairs separated by
 * commas, in US dollars per million tokens (`openai:gpt-5-mini=0.25/2`).
 * Malformed pairs are skipped.
 */
export function pricesFromEnvironment(value: string | undefined): Map<string, ModelPrice> {
  const prices = new Map<string, ModelPrice>();
  for (const pair of (value ?? "").split(",")) {
    const match = /^\s*([^=\s]+)\s*=\s*([0-9.]+)\s*\/\s*([0-9.]+)\s*$/.exec(pair);
    if (!match) continue;
    const inputPrice = Number(match[2]);
    const outputPrice = Number(match[3]);
    if (Number.isFinite(inputPrice) && Number.isFinite(outputPrice)) prices.set(match[1]!, { input: inputPrice, output: outputPrice });
  }
  return prices;
}
