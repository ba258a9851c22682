import { requireActor } from "@/lib/auth/policy";
import { readArtifactDetail } from "@/lib/artifacts/artifact-access";
import { toErrorResponse } from "@/lib/errors";

// One artifact of a chat with the list of its versions (no text), for the
// panel's version switcher and diff. Chat owner only (lib/auth/registry.ts):
// another user's chat is not found, and so is an artifact their chat lacks.

/** `ArtifactDetail` as JSON. */
export async function GET(request: Request, context: { params: Promise<{ id: string; artifactId: string }> }): Promise<Response> {
  try {
    const actor = await requireActor({ headers: request.headers });
    const { id, artifactId } = await context.params;
    return Response.json(await readArtifactDetail({ actor, chatId: id, artifactId }), { headers: { "cache-control": "no-store" } });
  } catch (caught) {
    return toErrorResponse(caught);
  }
}
