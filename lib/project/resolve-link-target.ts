/**
 * Resolves one visible host-link element against the project model: a chip
 * with the canonical target and the app path of its page when the target
 * exists in the chat's project, plain text otherwise. Never a link to
 * something that is not there: an unknown path, an ambiguous sha prefix, a
 * diff that matches no (or more than one) stored diff, a node of another
 * project — all are text.
 */
import "server-only";
import { findProjectCommits, findProjectDiffs, getProjectFile, getProjectNode } from "@/db/queries/project-model";
import type { Project } from "@/db/schema/project";
import type { UiLinkTargetEntry } from "@/lib/ui/link/link-targets";
import { UI_LINK_RESOLUTION_LIMITS, UiLinkResolutionSchema, type UiLinkResolution } from "@/lib/ui/link/resolution";
import type { UiLinkTarget } from "@/lib/ui/link/target";
import { projectCommitHref, projectDiffHref, projectFileHref, projectNodeHref, shortSha } from "./project-paths";


/** Matches fetched to tell one match from several: two are enough to know a prefix or a diff is ambiguous. */
const AMBIGUITY_PROBE = 2;

/** What a chip or text says for a target when its element gave no label. */
export function targetLabel(target: UiLinkTarget): string {
  switch (target.kind) {
    case "file":
      return target.line === undefined ? target.path : `${target.path}:${target.line}`;
    case "diff": {
      const range = target.base !== undefined || target.head !== undefined ? `${target.base ?? "working"}…${target.head ?? "working"}` : "";
      return [target.path, range].filter(Boolean).join(" ") || "Working changes";
    }
    case "commit":
      return shortSha(target.sha);
    case "node":
      return target.ref;
  }
}

/** Cuts a label to what a resolution may carry. */
function bounded(label: string): string {
  return label.length <= UI_LINK_RESOLUTION_LIMITS.label ? label : `${label.slice(0, UI_LINK_RESOLUTION_LIMITS.label - 1)}…`;
}

/** Plain text for an entry: its own label, or the target's, cut to what a resolution may carry. */
export function linkTargetText(entry: UiLinkTargetEntry): UiLinkResolution {
  return { nodeId: entry.nodeId, status: "text", label: bounded(entry.label ?? targetLabel(entry.target)) };
}

/** A chip, checked against the resolution schema (a chip that would not pass is text). */
function asChip(entry: UiLinkTargetEntry, target: UiLinkTarget, label: string, href: string): UiLinkResolution {
  const chip = { nodeId: entry.nodeId, status: "chip" as const, label: bounded(entry.label ?? label), target, navigation: { href } };
  return UiLinkResolutionSchema.safeParse(chip).success ? chip : linkTargetText(entry);
}

/** Resolves one entry of `uiLinkTargets` for a project the viewer may read (see the file comment). */
export async function resolveLinkTarget(input: { project: Project; entry: UiLinkTargetEntry }): Promise<UiLinkResolution> {
  const { project, entry } = input;
  const target = entry.target;
  switch (target.kind) {
    case "file": {
      const file = await getProjectFile({ projectId: project.id, path: target.path });
      if (!file) return linkTargetText(entry);
      // A line past the end of the file names nothing: the chip opens the file itself.
      const line = target.line !== undefined && target.line <= file.lineCount ? target.line : undefined;
      const canonical: UiLinkTarget = line === undefined ? { kind: "file", path: file.path } : { kind: "file", path: file.path, line };
      return asChip(entry, canonical, targetLabel(canonical), projectFileHref(project.id, file.path, line));
    }
    case "commit": {
      const matches = await findProjectCommits({ projectId: project.id, shaPrefix: target.sha, limit: AMBIGUITY_PROBE });
      const [commit] = matches;
      if (!commit || matches.length > 1) return linkTargetText(entry);
      return asChip(entry, { kind: "commit", sha: commit.sha }, `${shortSha(commit.sha)} ${commit.title}`, projectCommitHref(project.id, commit.sha));
    }
    case "diff": {
      const matches = await findProjectDiffs({
        projectId: project.id,
        ...(target.path !== undefined ? { path: target.path } : {}),
        ...(target.base !== undefined ? { base: target.base } : {}),
        ...(target.head !== undefined ? { head: target.head } : {}),
        limit: AMBIGUITY_PROBE,
      });
      const [diff] = matches;
      if (!diff || matches.length > 1) return linkTargetText(entry);
      const canonical: UiLinkTarget = { kind: "diff", path: diff.path, base: diff.base, head: diff.head };
      return asChip(entry, canonical, targetLabel(canonical), projectDiffHref(project.id, diff.id));
    }
    case "node": {
      const node = await getProjectNode({ projectId: project.id, ref: target.ref });
      if (!node) return linkTargetText(entry);
      return asChip(entry, { kind: "node", ref: node.ref }, node.title, projectNodeHref(project.id, node.ref));
    }
  }
}
