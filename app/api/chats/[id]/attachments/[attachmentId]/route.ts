import { requireActor } from "@/lib/auth/policy";
import { readChatAttachment } from "@/lib/attachments/attachment-access";
import { attachmentResponse } from "@/lib/attachments/attachment-response";
import { toErrorResponse } from "@/lib/errors";

// One image of a chat, for the chat's owner: the thread's thumbnails and
// `Image attachment="…"` read it. The id is looked up within the chat, so
// another chat's image is not found (lib/auth/registry.ts).

/** The image's bytes with its checked type, `inline`, `nosniff` and a policy under which nothing runs. */
export async function GET(request: Request, context: { params: Promise<{ id: string; attachmentId: string }> }): Promise<Response> {
  try {
    const actor = await requireActor({ headers: request.headers });
    const { id, attachmentId } = await context.params;
    return attachmentResponse(await readChatAttachment({ actor, chatId: id, attachmentId }));
  } catch (caught) {
    return toErrorResponse(caught);
  }
}
