import { requireActor } from "@/lib/auth/policy";
import { listChatArtifacts } from "@/lib/artifacts/artifact-access";
import { toErrorResponse } from "@/lib/errors";

// The chat's artifacts with their newest versions, for the Artifacts panel.
// Chat owner only (lib/auth/registry.ts): another user's chat is not found.

/** `ArtifactList` as JSON. */
export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    const actor = await requireActor({ headers: request.headers });
    const { id } = await context.params;
    return Response.json(await listChatArtifacts({ actor, chatId: id }), { headers: { "cache-control": "no-store" } });
  } catch (caught) {
    return toErrorResponse(caught);
  }
}
