import { requireActor } from "@/lib/auth/policy";
import { parseVersionNumber, readArtifactVersion } from "@/lib/artifacts/artifact-access";
import { artifactDownloadResponse } from "@/lib/artifacts/artifact-responses";
import { toErrorResponse } from "@/lib/errors";

// One version of an artifact as a download: its exact bytes, always as an
// attachment (lib/artifacts/artifact-responses.ts). The panel reads versions
// through it too. Chat owner only (lib/auth/registry.ts).

/** The version's bytes with its type, `attachment`, `nosniff` and a policy under which nothing runs. */
export async function GET(request: Request, context: { params: Promise<{ id: string; artifactId: string; version: string }> }): Promise<Response> {
  try {
    const actor = await requireActor({ headers: request.headers });
    const { id, artifactId, version } = await context.params;
    return artifactDownloadResponse(await readArtifactVersion({ actor, chatId: id, artifactId, version: parseVersionNumber(version) }));
  } catch (caught) {
    return toErrorResponse(caught);
  }
}
