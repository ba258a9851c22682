/**
 * The `real` answers of the model-fit bench: each query of a block answered
 * with the demo project's rows, read the way the app's query route reads them
 * for a person — the stored definition's arguments evaluated with the block's
 * declared defaults (`uiQueryArguments`), the project authorized for a member
 * (`authorizeProject`, which seeds the demo project), and the rows read
 * through `readProjectSource` on the `query` channel. A refusal on that path
 * (arguments a source does not take, a query reading another's rows) is the
 * answer, as the page would show it; a database failure is not, and throws.
 */
import "server-only";
import { getDatabase } from "@/db/client";
import { users } from "@/db/schema";
import { DEMO_PROJECT_ID } from "@/db/schema/project";
import type { Actor } from "@/lib/auth/policy";
import { isAppError } from "@/lib/errors";
import { authorizeProject } from "@/lib/project/authorize-project";
import { QueryQuota, QUERY_QUOTA_WINDOW_MS, type QueryQuotaLimits } from "@/lib/project/query-quota";
import { readProjectSource } from "@/lib/project/read-project-source";
import { UiFailure } from "@/lib/ui/failure";
import { uiQueryArguments } from "@/lib/ui/query/query-arguments";
import type { QueryAnswerer } from "./block-fit";

/**
 * No quota: one bench run reads every block's queries of every corpus within
 * a minute — far more than one person's page — and a refusal for that would
 * be the bench's, not the block's.
 */
const UNBOUNDED: QueryQuotaLimits = { queries: Number.POSITIVE_INFINITY, rows: Number.POSITIVE_INFINITY, windowMs: QUERY_QUOTA_WINDOW_MS };

/** The name the bench's reader is stored under. */
const READER_NAME = "Model-fit bench";

/** An answerer over the demo project in the process database (`getDatabase`), as a member reading it (see the file comment). */
export async function demoProjectAnswerer(): Promise<QueryAnswerer> {
  const database = await getDatabase();
  const userId = crypto.randomUUID();
  await database.insert(users).values({ id: userId, name: READER_NAME, email: `${userId}@example.test` });
  const actor: Actor = { userId, role: "user", isGuest: false, name: READER_NAME };
  const project = await authorizeProject(actor, DEMO_PROJECT_ID);
  const quota = new QueryQuota({ query: UNBOUNDED, tool: UNBOUNDED });
  return async (block, name) => {
    try {
      const query = uiQueryArguments(block, name);
      const result = await readProjectSource({ actor, project, source: query.source, arguments: query.arguments, channel: "query", quota });
      return { rows: result.rows };
    } catch (caught) {
      if (caught instanceof UiFailure) return { refused: `${caught.code}: ${caught.message}` };
      if (isAppError(caught) && !caught.code.startsWith("internal:") && caught.code !== "offline:database") return { refused: `${caught.code}: ${caught.publicMessage}` };
      throw caught;
    }
  };
}
