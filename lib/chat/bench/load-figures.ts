/**
 * The load bench's arithmetic, apart from its processes so it can be tested:
 * how late each piece of model text reached a viewer as a preview, and
 * percentiles.
 */

/** When each write of the model left (`[end offset, epoch ms]`, from the paced model server). */
export type ModelTimings = readonly (readonly [number, number])[];

/** A preview as a viewer received it. */
export type ReceivedPreview = { at: number; textLength: number };

/**
 * For each piece of model text, the milliseconds from when it left the model
 * until the first preview covering it (its end offset at most the preview's
 * `textLength`) reached the viewer; text no preview covered counts until the
 * reply's end arrived (the final tree is what the viewer then gets).
 */
export function previewLatencies(input: { timings: ModelTimings; previews: readonly ReceivedPreview[]; endAt: number }): number[] {
  const latencies: number[] = [];
  let next = 0;
  for (const [offset, sentAt] of input.timings) {
    while (next < input.previews.length && input.previews[next]!.textLength < offset) next += 1;
    const coveredAt = next < input.previews.length ? input.previews[next]!.at : input.endAt;
    latencies.push(coveredAt - sentAt);
  }
  return latencies;
}

/** The `fraction` percentile (0–1) of `values` by nearest rank; NaN when empty. */
export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank]!;
}
