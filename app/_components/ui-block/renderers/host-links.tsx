"use client";

/**
 * Renderers of the catalog's Host links group: File, Diff, Commit, Node. A
 * chip is plain text until the host answers that the viewer may open its
 * target; then it links to the app path the host gave (never to a URL the
 * model wrote).
 */
import type { UiComponentName } from "@/lib/ui/catalog";
import type { UiViewNode } from "@/lib/ui/evaluate";
import { UiLinkResolutionSchema, type UiLinkResolution } from "@/lib/ui/link";
import { isAppPath } from "../../widgets/safe-link/safe-href";
import { numberProp, textProp } from "../node-props";
import { useUiRenderContext, type UiRenderer, type UiRendererProps } from "../render-context";
import styles from "./renderers.module.css";

/** Characters of a commit sha shown on a chip (git's own short form). */
const SHORT_SHA = 7;

/** What a chip says before (or without) the host's answer. */
export function hostLinkLabel(node: UiViewNode): string {
  const label = textProp(node, "label");
  if (label) return label;
  switch (node.type) {
    case "File": {
      const path = textProp(node, "path") ?? "";
      const line = numberProp(node, "line");
      return line === undefined ? path : `${path}:${line}`;
    }
    case "Diff": {
      const path = textProp(node, "path");
      const base = textProp(node, "base");
      const head = textProp(node, "head");
      const range = base || head ? `${base ?? "working"}…${head ?? "working"}` : "";
      return [path, range].filter(Boolean).join(" ") || "Working changes";
    }
    case "Commit":
      return (textProp(node, "sha") ?? "").slice(0, SHORT_SHA);
    default:
      return textProp(node, "ref") ?? "";
  }
}

/** The kind word on a chip. */
const KIND_WORDS: Record<string, string> = { File: "File", Diff: "Diff", Commit: "Commit", Node: "Node" };

/** The host's answer for this node, when it is valid, about this node, and an authorized chip to an app path. */
function authorizedChip(resolution: UiLinkResolution | undefined, node: UiViewNode): { label: string; href: string } | undefined {
  if (resolution === undefined) return undefined;
  const parsed = UiLinkResolutionSchema.safeParse(resolution);
  if (!parsed.success || parsed.data.nodeId !== node.id || parsed.data.status !== "chip") return undefined;
  const href = parsed.data.navigation?.href;
  if (!isAppPath(href)) return undefined;
  return { label: parsed.data.label, href };
}

/** A host-link chip: a link when authorized, plain text otherwise. */
function HostLink({ node }: UiRendererProps) {
  const { resolveLink } = useUiRenderContext();
  let resolution: UiLinkResolution | undefined;
  try {
    resolution = resolveLink?.(node.id);
  } catch {
    // A host lookup that fails leaves the chip as plain text.
    resolution = undefined;
  }
  const chip = authorizedChip(resolution, node);
  const kind = KIND_WORDS[node.type] ?? node.type;
  const textLabel =
    resolution && resolution.nodeId === node.id && typeof resolution.label === "string" && resolution.label !== ""
      ? resolution.label
      : hostLinkLabel(node);
  if (chip) {
    return (
      // The label is the host's, not the model's: marked as host data like a value a query read.
      <a className={`${styles.chip} ${styles.chipLink}`} href={chip.href} data-link="chip" data-host-data="" title={`${kind} found in the project`}>
        <span className={styles.chipKind}>{kind}</span>
        <span className={styles.chipLabel}>{chip.label}</span>
      </a>
    );
  }
  return (
    <span className={styles.chip} data-link="text">
      <span className={styles.chipKind}>{kind}</span>
      <span className={styles.chipLabel}>{textLabel}</span>
    </span>
  );
}

/** The Host links group's renderers. */
export const HOST_LINK_RENDERERS = {
  File: HostLink,
  Diff: HostLink,
  Commit: HostLink,
  Node: HostLink,
} satisfies Partial<Record<UiComponentName, UiRenderer>>;
