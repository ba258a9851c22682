import { requireActor } from "@/lib/auth/policy";
import { getChatCore } from "@/lib/chat/core/process-chat-core";
import { toErrorResponse } from "@/lib/errors";

// Stops a chat's streaming reply on whichever instance generates it; the
// partial reply is kept and stored as stopped. The same as the `stopReply`
// action, for clients that are not React (and `navigator.sendBeacon`). Chat
// owner only (lib/auth/registry.ts): another user's chat is not found.

/** `{stopping: boolean}`: whether a reply was streaming and is being stopped. */
export async function POST(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    const actor = await requireActor({ headers: request.headers });
    const { id } = await context.params;
    return Response.json(await getChatCore().stopReply(actor, { chatId: id }));
  } catch (caught) {
    return toErrorResponse(caught);
  }
}
