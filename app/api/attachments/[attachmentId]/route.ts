import { requireActor } from "@/lib/auth/policy";
import { discardAttachment } from "@/lib/attachments/attachment-access";
import { toErrorResponse } from "@/lib/errors";

// Discards an image the person uploaded and then removed from the message
// they were writing. Only an image of theirs that no prompt carries yet: a
// sent one stays with its chat, another person's is not found
// (lib/auth/registry.ts).

/** 204 when it was discarded; 404 `not_found:attachment` otherwise. */
export async function DELETE(request: Request, context: { params: Promise<{ attachmentId: string }> }): Promise<Response> {
  try {
    const actor = await requireActor({ headers: request.headers });
    const { attachmentId } = await context.params;
    await discardAttachment({ actor, attachmentId });
    return new Response(null, { status: 204 });
  } catch (caught) {
    return toErrorResponse(caught);
  }
}
