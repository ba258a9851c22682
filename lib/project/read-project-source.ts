/**
 * The one path every read of project data on someone's behalf takes, after
 * the caller authorized the project for them: the person's quota for the
 * channel (`query-quota.ts`), the source looked up by name, its arguments
 * checked against its schema, and the read capped and time-bounded
 * (`runProjectQuery`). The query route and the model's data tool both call
 * it, so they cannot disagree about what a source takes or returns.
 */
import "server-only";
import { getUser } from "@/db/queries/users";
import type { Project } from "@/db/schema/project";
import type { Actor } from "@/lib/auth/policy";
import { AppError } from "@/lib/errors";
import { processQueryQuota, type QueryChannel, type QueryQuota } from "./query-quota";
import { projectQuerySource } from "./query-sources";
import { runProjectQuery, type ProjectQueryResult } from "./run-project-query";

/** Options of `readProjectSource`. */
export type ReadProjectSourceInput = {
  actor: Actor;
  /** Already authorized for `actor` (`authorizeProject`). */
  project: Project;
  /** The source's name, as `@Query` names it. */
  source: string;
  /** Not yet checked against the source's schema. */
  arguments: unknown;
  channel: QueryChannel;
  /** The process's counter unless a test gives its own. */
  quota?: QueryQuota;
};

/**
 * The person as the project writes people: their display name (the demo
 * project's owners and authors are names such as "Amara Okafor"), read from
 * their account when the actor carries none (the data tool's). A guest has
 * no name the project could know: null. Who "me" is comes from the session,
 * never from the request.
 */
async function viewerName(actor: Actor): Promise<string | null> {
  if (actor.isGuest) return null;
  if (actor.name.trim() !== "") return actor.name.trim();
  const user = await getUser({ userId: actor.userId });
  return !user || user.isAnonymous || user.name.trim() === "" ? null : user.name.trim();
}

/** The rows of one source for one person, or a typed refusal (`not_found:query`, `bad_request:query`, `rate_limit:query`, `offline:query`). */
export async function readProjectSource(input: ReadProjectSourceInput): Promise<ProjectQueryResult> {
  const source = projectQuerySource(input.source);
  if (!source) throw new AppError("not_found:query", { message: `There is no query source named "${input.source}".` });
  const quota = input.quota ?? processQueryQuota();
  quota.begin(input.actor.userId, input.channel);
  const result = await runProjectQuery({ project: input.project, source, arguments: input.arguments, viewer: () => viewerName(input.actor) });
  quota.addRows(input.actor.userId, input.channel, result.rows.length);
  return result;
}
