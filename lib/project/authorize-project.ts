/**
 * The project side of the policy: may this person read this project? Members
 * may. A project with open membership (the demo project) makes every
 * signed-in person a viewer the first time they use it — lazily, here, rather
 * than when the account is created, so accounts made before the project
 * existed (and guests) are covered the same way. Anyone else is refused with
 * `forbidden:project`; a project that does not exist is `not_found:project`.
 */
import "server-only";
import type { Database } from "@/db/client";
import { getProject, getProjectMembership, joinProject } from "@/db/queries/projects";
import { DEMO_PROJECT_ID, type Project } from "@/db/schema/project";
import type { Actor } from "@/lib/auth/policy";
import { AppError } from "@/lib/errors";
import { ensureDemoProject } from "./demo/seed-demo-project";

/** Longest project id looked up; ids are short slugs, so anything longer is no project. */
const MAX_PROJECT_ID_LENGTH = 64;

/** What a person who is not a member is told. */
export const NOT_A_MEMBER_MESSAGE = "You are not a member of this project.";

/** The project, when `actor` may read it (see the file comment). */
export async function authorizeProject(actor: Actor, projectId: string, options: { database?: Database } = {}): Promise<Project> {
  if (typeof projectId !== "string" || projectId.length === 0 || projectId.length > MAX_PROJECT_ID_LENGTH) {
    throw new AppError("not_found:project", { detail: "malformed project id" });
  }
  if (projectId === DEMO_PROJECT_ID) await ensureDemoProject(options);
  const project = await getProject({ ...options, projectId });
  if (!project) throw new AppError("not_found:project", { detail: `project ${projectId} for ${actor.userId}` });
  if (await getProjectMembership({ ...options, projectId, userId: actor.userId })) return project;
  if (project.openMembership) {
    await joinProject({ ...options, projectId, userId: actor.userId });
    return project;
  }
  throw new AppError("forbidden:project", { message: NOT_A_MEMBER_MESSAGE, detail: `${actor.userId} is not a member of ${projectId}` });
}
