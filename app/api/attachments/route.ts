import { requireActor } from "@/lib/auth/policy";
import { uploadAttachment } from "@/lib/attachments/attachment-access";
import { readUpload } from "@/lib/attachments/read-upload";
import { toErrorResponse } from "@/lib/errors";

// Uploads an image for the person's next prompt: the body is the file's
// bytes, its name in `x-attachment-name`. Size and type are checked here
// from the bytes (lib/attachments), whatever the browser said. The image is
// the uploader's alone until the prompt that carries it is stored. Any
// signed-in person, guests included (lib/auth/registry.ts).

/** `{attachment}`: the stored image as the prompt will list it; 400 with words to show when it is refused. */
export async function POST(request: Request): Promise<Response> {
  try {
    const actor = await requireActor({ headers: request.headers });
    const upload = await readUpload(request);
    return Response.json({ attachment: await uploadAttachment({ actor, ...upload }) }, { status: 201 });
  } catch (caught) {
    return toErrorResponse(caught);
  }
}
