import { requireActor } from "@/lib/auth/policy";
import { getChatCore } from "@/lib/chat/core/process-chat-core";
import { toErrorResponse } from "@/lib/errors";

// A chat's snapshot: the canonical thread, its panels, and the live reply
// while one streams (what a reload or a new viewer starts from). Chat owner
// only (lib/auth/registry.ts): another user's chat is not found.

/** The chat's `ChatSnapshot` as JSON. */
export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    const actor = await requireActor({ headers: request.headers });
    const { id } = await context.params;
    const snapshot = await getChatCore().getChatSnapshot(actor, id);
    return Response.json(snapshot, { headers: { "cache-control": "no-store" } });
  } catch (caught) {
    return toErrorResponse(caught);
  }
}
