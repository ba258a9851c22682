import { recompileRunView } from "@/lib/admin/recompile-run-view";
import { requireActor, requireAdmin } from "@/lib/auth/policy";
import { AppError, toErrorResponse } from "@/lib/errors";

// A batch recompile check's progress and result, which its page polls.
// Admins only (lib/auth/registry.ts): anyone else is answered not_found:admin.

/** The run as JSON. */
export async function GET(request: Request, context: { params: Promise<{ runId: string }> }): Promise<Response> {
  try {
    const actor = requireAdmin(await requireActor({ headers: request.headers }));
    const { runId } = await context.params;
    const view = runId.length <= 100 ? await recompileRunView({ adminUserId: actor.userId, runId }) : null;
    if (!view) throw new AppError("not_found:admin", { detail: `no recompile run ${runId}` });
    return Response.json(view, { headers: { "cache-control": "no-store" } });
  } catch (caught) {
    return toErrorResponse(caught);
  }
}
