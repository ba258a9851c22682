import { requireActor } from "@/lib/auth/policy";
import { AppError, toErrorResponse } from "@/lib/errors";
import { answerBlockLinks } from "@/lib/project/block-links";

// Resolves the visible host-link chips (File, Diff, Commit, Node) of a stored
// ```ui block in a chat against the chat's project: the owner of the chat
// (lib/auth/registry.ts: another user's chat is not found) who is a member of
// the project (otherwise forbidden). A target the project does not hold is
// answered as plain text (lib/project/block-links.ts).

/** `{resolutions: UiLinkResolution[]}` for `{messageId, blockId, values?}`. */
export async function POST(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    const actor = await requireActor({ headers: request.headers });
    const { id } = await context.params;
    const body: unknown = await request.json().catch(() => {
      throw new AppError("bad_request:link", { message: "A links request is a JSON object." });
    });
    return Response.json(await answerBlockLinks({ actor, chatId: id, body }), { headers: { "cache-control": "no-store" } });
  } catch (caught) {
    return toErrorResponse(caught);
  }
}
