/**
 * What every project page does first: who is asking (strangers go to sign
 * in) and may they read this project (a member; open projects admit every
 * signed-in person). A project that does not exist and one the person may
 * not read both render the 404 page (`guardPage`), with no hint which.
 */
import "server-only";
import type { Project } from "@/db/schema/project";
import { guardPage } from "@/lib/auth/page-guard";
import { requireActor, type Actor } from "@/lib/auth/policy";
import { authorizeProject } from "@/lib/project/authorize-project";

/** The signed-in actor and the project they may read. */
export type OpenProject = { actor: Actor; project: Project };

/** Authorizes a project page; `path` is where sign-in returns to. */
export function openProject(path: string, projectId: string): Promise<OpenProject> {
  return guardPage(path, async () => {
    const actor = await requireActor();
    const project = await authorizeProject(actor, projectId);
    return { actor, project };
  });
}

/** A route parameter as text; a stray array or undefined is no value. */
export function paramText(value: string | string[] | undefined): string {
  return typeof value === "string" ? value : "";
}

/**
 * A path segment as the page means it. Next.js hands dynamic segments over
 * still percent-encoded when they hold reserved characters (`service%3Abilling-api`),
 * and the app's own links encode every segment (lib/project/project-paths.ts);
 * a segment that is not valid percent-encoding is taken as it stands.
 */
export function decodeSegment(value: string): string {
  if (!/%[0-9A-Fa-f]{2}/.test(value)) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
