/**
 * What a host answers for one link target after authorizing it: a chip the
 * user may open, or plain text. The client never decides whether a path
 * belongs to a project; it draws what this says.
 */
import { z } from "zod";
import { UiLinkTargetSchema } from "./target";

/** Bounds on a resolution's texts. */
export const UI_LINK_RESOLUTION_LIMITS = {
  /** UTF-16 units of a chip's label: one line of a panel. */
  label: 500,
  /** UTF-16 units of an href: longer than any app route or ordinary URL. */
  href: 2_048,
  /** UTF-16 units of a node id (block ids are at most 200, plus `#` suffixes of Each). */
  nodeId: 400,
} as const;

/**
 * True when an href is safe to put in a link: a relative app path (`/…`, not
 * `//host` nor `/\host`, which browsers treat as another origin) or an
 * absolute http/https URL without credentials. No whitespace or control
 * characters anywhere, so nothing is hidden from the reader or reinterpreted
 * by a browser's URL cleanup (which strips tabs and newlines).
 */
export function isUiSafeHref(href: string): boolean {
  if (href.length === 0 || href.length > UI_LINK_RESOLUTION_LIMITS.href) return false;
  if (/[\s\u0000-\u001f\u007f-\u009f\\]/.test(href)) return false;
  if (href.startsWith("/")) return !href.startsWith("//");
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (url.username !== "" || url.password !== "") return false;
  return url.hostname !== "";
}

/** Host navigation metadata of a chip: where opening it goes. */
export const UiLinkNavigationSchema = z.strictObject({
  /** A relative app path (`/projects/1/files/a.ts`) or an http/https URL; see `isUiSafeHref`. */
  href: z.string().refine(isUiSafeHref, "an href is a relative app path or an http/https URL"),
});
/** Host navigation metadata of a chip: where opening it goes. */
export type UiLinkNavigation = z.infer<typeof UiLinkNavigationSchema>;

/** An authorized chip or plain text for one evaluated link node. */
export const UiLinkResolutionSchema = z
  .strictObject({
    /** The evaluated node id (with `#` suffixes inside `Each`) that `uiLinkTargets` listed. */
    nodeId: z.string().min(1).max(UI_LINK_RESOLUTION_LIMITS.nodeId),
    /** `chip`: the target exists and the viewer may open it; `text`: show the label only. */
    status: z.enum(["chip", "text"]),
    /** What the user sees. */
    label: z.string().max(UI_LINK_RESOLUTION_LIMITS.label),
    /** The canonical target (e.g. a full sha for an abbreviated one); required for a chip. */
    target: UiLinkTargetSchema.optional(),
    /** Where opening the chip goes; plain text never navigates. */
    navigation: UiLinkNavigationSchema.optional(),
  })
  .refine((resolution) => resolution.status === "text" || resolution.target !== undefined, {
    message: "a chip carries its canonical target",
    path: ["target"],
  })
  .refine((resolution) => resolution.status === "chip" || resolution.navigation === undefined, {
    message: "plain text carries no navigation",
    path: ["navigation"],
  });
/** An authorized chip or plain text for one evaluated link node. */
export type UiLinkResolution = z.infer<typeof UiLinkResolutionSchema>;
