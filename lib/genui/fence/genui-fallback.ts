/**
 * What IM and the terminal show instead of a panel: they never draw a
 * component tree, so each octo-ui fence becomes one plain placeholder line.
 */
import { GENUI_BUDGETS } from "../limits";
import { cutText } from "../parse/cut-text";
import type { GenuiSpec } from "../schema/spec";
import { extractGenuiFences } from "./extract-genui-fences";

/** Line breaks, tabs and other control characters, which would break the placeholder's single line. */
const CONTROL_OR_SPACE_RUN = /[\s\u0000-\u001f\u007f]+/g;

/** The placeholder line for one octo-ui fence: it names the panel's title when there is one. */
export function genuiFallbackText(spec: GenuiSpec | null): string {
  const title = (spec?.title ?? "").replace(CONTROL_OR_SPACE_RUN, " ").trim();
  if (title === "") return "[Interactive panel — open this chat in the web app to use it]";
  const shown = title.length > GENUI_BUDGETS.placeholderTitleLength ? `${cutText(title, GENUI_BUDGETS.placeholderTitleLength - 1)}…` : title;
  return `[Interactive panel “${shown}” — open this chat in the web app to use it]`;
}

/** A reply as IM and the terminal show it: every octo-ui fence replaced by its placeholder line. */
export function genuiReplyFallback(text: string): string {
  const fences = extractGenuiFences(text);
  let result = "";
  let position = 0;
  for (const fence of fences) {
    result += text.slice(position, fence.range.start) + genuiFallbackText(fence.spec);
    position = fence.range.end;
  }
  return result + text.slice(position);
}
