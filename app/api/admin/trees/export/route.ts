import { recordAudit } from "@/lib/admin/audit";
import { storedTreesJsonl } from "@/lib/admin/export-jsonl";
import { readStoredTreeQuery } from "@/lib/admin/stored-tree-filter";
import { requireActor, requireAdmin } from "@/lib/auth/policy";
import { toErrorResponse } from "@/lib/errors";

// The JSON Lines export of the stored trees a listing filter matches, streamed
// a page at a time as the client reads. Admins only (lib/auth/registry.ts):
// anyone else is answered not_found:admin. Every export is in the audit log.

/** The filtered stored trees as `application/x-ndjson`, one tree per line. */
export async function GET(request: Request): Promise<Response> {
  try {
    const actor = requireAdmin(await requireActor({ headers: request.headers }));
    const { filter } = readStoredTreeQuery(new URL(request.url).searchParams);
    await recordAudit({ actor, action: "export", filter });
    const stream = storedTreesJsonl({ adminUserId: actor.userId, filter });
    const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-");
    return new Response(stream, {
      headers: {
        "content-type": "application/x-ndjson; charset=utf-8",
        "content-disposition": `attachment; filename="stored-trees-${stamp}.jsonl"`,
        "cache-control": "no-store",
      },
    });
  } catch (caught) {
    return toErrorResponse(caught);
  }
}
