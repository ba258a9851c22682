/**
 * The `link` href rule: only http:, https:, mailto: and tel: survive, however
 * the scheme is dressed up. The check mirrors what a browser does with an
 * href (WHATWG URL parsing) and refuses anything the two could read
 * differently, so what passes here is what the browser follows.
 */
import { GENUI_LIMITS } from "../limits";

/** The schemes a link may use, as `URL.protocol` spells them. */
export const GENUI_LINK_PROTOCOLS: ReadonlySet<string> = new Set(["http:", "https:", "mailto:", "tel:"]);

/** The scheme must open the href, letters only, followed directly by a colon. */
const ALLOWED_SCHEME = /^(?:https?|mailto|tel):/i;

/** C0 controls and DEL: browsers drop tabs and newlines inside a URL ("java\nscript:"), so any of them is refused. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** The result of checking an href. */
export type LinkHrefCheck = { ok: true; href: string } | { ok: false; reason: "scheme" | "length" };

/**
 * Checks a link href: over `GENUI_LIMITS.hrefLength` is refused before any
 * other work; leading and trailing spaces are trimmed (a browser does the
 * same); a control character anywhere, a scheme other than the four (in any
 * case, behind entities or escapes), or a URL the platform cannot parse is
 * refused. The href returned is the parser's normalized form.
 */
export function checkLinkHref(raw: string): LinkHrefCheck {
  if (raw.length > GENUI_LIMITS.hrefLength) return { ok: false, reason: "length" };
  const trimmed = raw.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
  if (CONTROL_CHARACTER.test(trimmed) || !ALLOWED_SCHEME.test(trimmed)) return { ok: false, reason: "scheme" };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, reason: "scheme" };
  }
  if (!GENUI_LINK_PROTOCOLS.has(url.protocol)) return { ok: false, reason: "scheme" };
  if ((url.protocol === "http:" || url.protocol === "https:") && url.hostname === "") return { ok: false, reason: "scheme" };
  if (url.href.length > GENUI_LIMITS.hrefLength) return { ok: false, reason: "length" };
  return { ok: true, href: url.href };
}
