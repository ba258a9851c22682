/**
 * Everything measured about one pane of a comparison run, as stored: server
 * timings, tokens, cost, compile time and the reply's UI metrics, in one flat
 * record (the summary table reads each by name). Timings are milliseconds
 * from the run's start; null when the moment never came (a stopped pane has
 * no final tree, a reply with no UI no first block).
 */
import { z } from "zod";
import { ReplyUiMetricsSchema } from "./reply-ui-metrics";

const Milliseconds = z.number().nonnegative().nullable();

/** A pane's timings, in milliseconds. */
export const PaneTimingSchema = z.object({
  /** First text delta. */
  firstTokenMs: Milliseconds,
  /** First preview holding a complete node. */
  firstBlockMs: Milliseconds,
  /** Final tree compiled and stored. */
  finalMs: Milliseconds,
  /** The whole pane, end to end. */
  totalMs: Milliseconds,
});

/** A pane's timings. */
export type PaneTiming = z.infer<typeof PaneTimingSchema>;

/** Everything measured about one pane. */
export const PaneMetricsSchema = z.object({
  ...PaneTimingSchema.shape,
  tokensIn: z.number().int().nonnegative().nullable(),
  tokensOut: z.number().int().nonnegative().nullable(),
  /** True when the token counts are the host's estimate, not the provider's report. */
  tokensEstimated: z.boolean(),
  tokensPerSecond: z.number().nonnegative().nullable(),
  /** Null when no price is configured for the model. */
  costUsd: z.number().nonnegative().nullable(),
  /** Total server compile time (previews and the final compile). */
  compileMs: z.number().nonnegative().nullable(),
  ...ReplyUiMetricsSchema.shape,
});

/** Everything measured about one pane. */
export type PaneMetrics = z.infer<typeof PaneMetricsSchema>;
