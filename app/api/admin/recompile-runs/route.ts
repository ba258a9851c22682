import { startRecompileBatch } from "@/lib/admin/recompile-batch";
import { readStoredTreeQuery } from "@/lib/admin/stored-tree-filter";
import { requireActor, requireAdmin } from "@/lib/auth/policy";
import { toErrorResponse } from "@/lib/errors";

// Starts a batch recompile check over the listing filter in the query string;
// the run goes on in the background of this server and is recorded in the
// audit log. Admins only (lib/auth/registry.ts): anyone else is answered
// not_found:admin. A form post is sent on to the run's page (303); a JSON
// client gets the run's id and page.

/** Starts a run over the filter in the URL. */
export async function POST(request: Request): Promise<Response> {
  try {
    const actor = requireAdmin(await requireActor({ headers: request.headers }));
    const { filter } = readStoredTreeQuery(new URL(request.url).searchParams);
    const { runId, done } = await startRecompileBatch({ actor, filter });
    void done;
    const href = `/admin/recompile/${runId}`;
    if ((request.headers.get("accept") ?? "").includes("application/json")) return Response.json({ runId, href }, { status: 201 });
    // A relative Location: behind `next start -H` the request URL names another host than the browser used.
    return new Response(null, { status: 303, headers: { location: href } });
  } catch (caught) {
    return toErrorResponse(caught);
  }
}
