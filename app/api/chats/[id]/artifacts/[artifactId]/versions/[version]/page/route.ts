import { requireActor } from "@/lib/auth/policy";
import { parseVersionNumber, readArtifactVersion } from "@/lib/artifacts/artifact-access";
import { artifactPageResponse, withArtifactPageErrorPolicy } from "@/lib/artifacts/artifact-responses";
import { AppError, toErrorResponse } from "@/lib/errors";

// One version of an HTML artifact as a page for the panel's sandboxed frame:
// an opaque origin with no network (lib/artifacts/artifact-responses.ts).
// Any other kind is not a page. Chat owner only (lib/auth/registry.ts).
// next.config.ts sets no policy on this path, so an error answer carries one too.

/** The page, under its own sandboxing policy. */
export async function GET(request: Request, context: { params: Promise<{ id: string; artifactId: string; version: string }> }): Promise<Response> {
  try {
    const actor = await requireActor({ headers: request.headers });
    const { id, artifactId, version } = await context.params;
    const found = await readArtifactVersion({ actor, chatId: id, artifactId, version: parseVersionNumber(version) });
    if (found.kind !== "html") throw new AppError("not_found:artifact", { detail: `version ${version} of ${artifactId} is ${found.kind}, not a page` });
    return artifactPageResponse(found);
  } catch (caught) {
    return withArtifactPageErrorPolicy(toErrorResponse(caught));
  }
}
