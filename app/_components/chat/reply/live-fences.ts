/**
 * The octo-ui fences of a live reply, found again in its text at every
 * update. A fence that was already closed over the same range is the same
 * fence (the text only grows), so its previous part is kept: the panel drawn
 * from it is neither parsed nor drawn again while the rest of the reply
 * streams.
 */
import { extractGenuiFences } from "@/lib/genui";
import type { GenuiFencePart } from "./reply-segments";

/** The fences of `text`, reusing the closed parts of `previous` that still stand where they stood. */
export function liveFences(text: string, previous: readonly GenuiFencePart[] = []): GenuiFencePart[] {
  return extractGenuiFences(text).map((fence, index) => {
    const before = previous[index];
    if (before?.closed && fence.closed && before.range.start === fence.range.start && before.range.end === fence.range.end) return before;
    return { index, range: fence.range, spec: fence.spec, diagnostics: fence.diagnostics, closed: fence.closed };
  });
}
