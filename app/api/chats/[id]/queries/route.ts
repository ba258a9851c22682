import { requireActor } from "@/lib/auth/policy";
import { AppError, toErrorResponse } from "@/lib/errors";
import { answerBlockQuery } from "@/lib/project/block-query";

// Answers one `@Query` of a stored ```ui block in a chat: the owner of the
// chat (lib/auth/registry.ts: another user's chat is not found) who is a
// member of the chat's project (otherwise forbidden). The body names the
// message, the block and the query, with the block's input values; the
// block itself is always the stored final one (lib/project/block-query.ts).

/** `{name, key, source, arguments, rows, truncated}` for `{messageId, blockId, name, values?, key?}`. */
export async function POST(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    const actor = await requireActor({ headers: request.headers });
    const { id } = await context.params;
    const body: unknown = await request.json().catch(() => {
      throw new AppError("bad_request:query", { message: "A query request is a JSON object." });
    });
    return Response.json(await answerBlockQuery({ actor, chatId: id, body }), { headers: { "cache-control": "no-store" } });
  } catch (caught) {
    return toErrorResponse(caught);
  }
}
