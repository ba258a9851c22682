import { requireActor } from "@/lib/auth/policy";
import { getCompareService } from "@/lib/compare/run/process-compare";
import { toErrorResponse } from "@/lib/errors";

// All of my comparison runs as JSON Lines, one run a line, oldest first
// (signed-in; only the asker's own runs; lib/auth/registry.ts).

/** Every run of the asker. */
export async function GET(request: Request): Promise<Response> {
  try {
    const actor = await requireActor({ headers: request.headers });
    const body = await getCompareService().exportJsonl(actor);
    return new Response(body, {
      headers: { "content-type": "application/x-ndjson; charset=utf-8", "content-disposition": 'attachment; filename="comparisons.jsonl"', "cache-control": "no-store" },
    });
  } catch (caught) {
    return toErrorResponse(caught);
  }
}
