/** What a refused upload is told, shared by the server and the composer (which checks the same before uploading). */
import { formatAttachmentSize } from "./attachment-ref";
import { ATTACHMENT_MAX_BYTES } from "./limits";

/** What an upload of anything but a PNG, JPEG, GIF or WebP image is told. */
export const ATTACHMENT_TYPE_MESSAGE = "Only PNG, JPEG, GIF and WebP images can be attached.";

/** What an upload over the size limit is told. */
export const ATTACHMENT_SIZE_MESSAGE = `An image can be at most ${formatAttachmentSize(ATTACHMENT_MAX_BYTES)}.`;
