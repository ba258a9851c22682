"use client";

/**
 * Renderers of the catalog's Host links group: File, Diff, Commit, Node. A
 * chip is plain text until the host answers that the viewer may open its
 * target; then it links to the app path the host gave (never to a URL the
 * model wrote).
 */
import type { UiComponentName } from "@/lib/ui/catalog";
import type { UiViewNode } from "@/lib/ui/evaluate";
import { uiCellTarget, UiLinkResolutionSchema, type UiChipPresentation, type UiLinkResolution } from "@/lib/ui/link";
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

/** What a chip cell shows as text: a commit by git's short form, a path or ref as it is. */
function cellLabel(presentation: UiChipPresentation, value: string): string {
  return presentation === "commit" ? value.slice(0, SHORT_SHA) : value;
}

/**
 * A table cell of a chip column (`presentation="commit"`, `"file"`,
 * `"node"`): a link when the host resolved it (by `uiCellNodeId`, in the
 * block's one links request), plain text otherwise — the cell's value when
 * it names no valid target, or until the host answers.
 */
export function HostLinkCell({ cellId, presentation, value }: { cellId: string; presentation: UiChipPresentation; value: unknown }) {
  const { resolveLink } = useUiRenderContext();
  const text = typeof value === "string" ? value.trim() : "";
  if (text === "" || uiCellTarget(presentation, value) === undefined) return <>{typeof value === "number" ? String(value) : text}</>;
  let resolution: UiLinkResolution | undefined;
  try {
    resolution = resolveLink?.(cellId);
  } catch {
    resolution = undefined;
  }
  const parsed = resolution === undefined ? undefined : UiLinkResolutionSchema.safeParse(resolution);
  const chip = parsed?.success && parsed.data.nodeId === cellId && parsed.data.status === "chip" ? parsed.data : undefined;
  const href = chip?.navigation?.href;
  if (chip && isAppPath(href)) {
    // A commit's label carries its title: in a cell the chip keeps to the short sha (a column, often on a phone) and the tooltip has the rest.
    return (
      <a className={`${styles.chip} ${styles.chipLink}`} href={href} data-link="chip" data-host-data="" title={chip.label}>
        <span className={styles.chipLabel}>{presentation === "commit" ? cellLabel(presentation, text) : chip.label}</span>
      </a>
    );
  }
  return (
    <span data-link="text" title={presentation === "commit" ? text : undefined}>
      {cellLabel(presentation, text)}
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
