import { requireActor } from "@/lib/auth/policy";
import { getCompareService } from "@/lib/compare/run/process-compare";
import { toErrorResponse } from "@/lib/errors";

// A comparison run as its page draws it (panes, metrics, vote), as JSON: the
// page reads it again whenever a pane's reply ends. Its owner or a person it
// is shared with (lib/auth/registry.ts); to anyone else it is not found.

/** The run's view. */
export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    const actor = await requireActor({ headers: request.headers });
    const { id } = await context.params;
    // `?panes=summary` leaves the panes' threads out: a page that polls for figures already follows each pane's channel.
    const snapshots = new URL(request.url).searchParams.get("panes") !== "summary";
    return Response.json(await getCompareService().getRun(actor, id, { snapshots }), { headers: { "cache-control": "no-store" } });
  } catch (caught) {
    return toErrorResponse(caught);
  }
}
