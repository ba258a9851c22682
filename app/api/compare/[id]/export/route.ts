import { requireActor } from "@/lib/auth/policy";
import { getCompareService } from "@/lib/compare/run/process-compare";
import { toErrorResponse } from "@/lib/errors";

// One of my comparison runs as JSON Lines, downloaded (its owner only: a run
// shared with me is not mine to export; lib/auth/registry.ts).

/** The run as one JSON line. */
export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    const actor = await requireActor({ headers: request.headers });
    const { id } = await context.params;
    const body = await getCompareService().exportJsonl(actor, id);
    return new Response(body, { headers: jsonlHeaders(`comparison-${id.slice(0, 8)}.jsonl`) });
  } catch (caught) {
    return toErrorResponse(caught);
  }
}

function jsonlHeaders(fileName: string): Record<string, string> {
  return { "content-type": "application/x-ndjson; charset=utf-8", "content-disposition": `attachment; filename="${fileName}"`, "cache-control": "no-store" };
}
