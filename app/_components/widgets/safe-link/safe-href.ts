/**
 * The one link rule of every widget: a model's URL reaches an `href` only when
 * it is an absolute http or https URL (and, where a widget allows them,
 * `mailto:` or `tel:`), without credentials, control or invisible characters.
 * Everything else — `javascript:`, `data:`, relative paths, protocol-relative
 * `//host` — is dropped, and the widget shows plain text instead.
 */

/** The schemes a widget may link to. */
export type SafeHrefScheme = "http" | "https" | "mailto" | "tel";

/** Longest URL put in an `href`: longer ones are almost always tracking junk or an attack. */
export const SAFE_HREF_MAX_CHARACTERS = 2_048;

/** Web links only: what `Source` and other model links use. */
export const WEB_SCHEMES: readonly SafeHrefScheme[] = ["http", "https"];

/** Web links plus e-mail and phone: what Markdown prose may use. */
export const PROSE_SCHEMES: readonly SafeHrefScheme[] = ["http", "https", "mailto", "tel"];

/** C0/C1 controls, DEL, whitespace and the invisible format characters that disguise a link. */
const UNSAFE_CHARACTERS = /[\s\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\\]/;

/**
 * The normalised URL when `raw` is a safe absolute link with one of `schemes`
 * (default http/https), else undefined. Surrounding spaces are trimmed; any
 * other whitespace or control character refuses the link.
 */
export function safeHref(raw: unknown, schemes: readonly SafeHrefScheme[] = WEB_SCHEMES): string | undefined {
  if (typeof raw !== "string") return undefined;
  const trimmed = raw.trim();
  if (trimmed.length === 0 || trimmed.length > SAFE_HREF_MAX_CHARACTERS) return undefined;
  if (UNSAFE_CHARACTERS.test(trimmed)) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return undefined;
  }
  const scheme = url.protocol.slice(0, -1);
  if (!(schemes as readonly string[]).includes(scheme)) return undefined;
  if (scheme === "http" || scheme === "https") {
    if (url.username !== "" || url.password !== "" || url.hostname === "") return undefined;
  } else if (url.pathname.length === 0) {
    return undefined;
  }
  return url.href;
}

/** True when `href` is a path of this app (`/chat/1`), never `//host` or `/\host`, which browsers read as another origin. */
export function isAppPath(href: unknown): href is string {
  return (
    typeof href === "string" &&
    href.length <= SAFE_HREF_MAX_CHARACTERS &&
    href.startsWith("/") &&
    !href.startsWith("//") &&
    !UNSAFE_CHARACTERS.test(href)
  );
}
