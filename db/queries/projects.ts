/**
 * Projects and who may read them. A project is read only by its members;
 * `joinProject` adds a viewer, which the policy does for projects with open
 * membership (the demo project) the first time a person uses them.
 */
import "server-only";
import { and, eq } from "drizzle-orm";
import { projectMembers, projects, type Project, type ProjectMember, type ProjectRole } from "../schema/project";
import { runQuery, type QueryOptions } from "./run-query";

/** One project, or null when there is none with that id. */
export function getProject(input: QueryOptions & { projectId: string }): Promise<Project | null> {
  return runQuery("getProject", input, async (database) => {
    const [project] = await database.select().from(projects).where(eq(projects.id, input.projectId)).limit(1);
    return project ?? null;
  });
}

/** A person's membership of a project, or null when they are not a member. */
export function getProjectMembership(input: QueryOptions & { projectId: string; userId: string }): Promise<ProjectMember | null> {
  return runQuery("getProjectMembership", input, async (database) => {
    const [member] = await database
      .select()
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, input.projectId), eq(projectMembers.userId, input.userId)))
      .limit(1);
    return member ?? null;
  });
}

/** Makes a person a member (keeping the role of an existing membership) and returns the membership. */
export function joinProject(input: QueryOptions & { projectId: string; userId: string; role?: ProjectRole }): Promise<ProjectMember> {
  return runQuery("joinProject", input, async (database) => {
    await database
      .insert(projectMembers)
      .values({ projectId: input.projectId, userId: input.userId, role: input.role ?? "viewer" })
      .onConflictDoNothing();
    const [member] = await database
      .select()
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, input.projectId), eq(projectMembers.userId, input.userId)))
      .limit(1);
    if (!member) throw new Error("membership vanished right after it was written");
    return member;
  });
}
