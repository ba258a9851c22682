/**
 * The silent-update rule: a reply replaces a panel in place only when it is
 * exactly one closed octo-ui fence carrying that panel's id and nothing else
 * but white space. Any prose (or any other fence) makes it an ordinary
 * visible reply, which the guide calls a correct fallback.
 */
import { extractGenuiFences } from "../fence/extract-genui-fences";

const WHITE_SPACE_ONLY = /^\s*$/;

/** True when `replyText` is a silent in-place update of the panel `panelId`. */
export function isSilentPanelUpdate(replyText: string, panelId: string): boolean {
  const fences = extractGenuiFences(replyText);
  if (fences.length !== 1) return false;
  const fence = fences[0];
  if (fence === undefined || !fence.closed || fence.spec === null || fence.spec.id !== panelId) return false;
  return WHITE_SPACE_ONLY.test(replyText.slice(0, fence.range.start)) && WHITE_SPACE_ONLY.test(replyText.slice(fence.range.end));
}
