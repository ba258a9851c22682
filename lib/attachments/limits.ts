/** The bounds on attachments, in one place (the composer shows the same numbers it is refused by). */

/** Largest image a person may attach: 5 MiB (a phone photo; providers accept about this much per image). */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

/** Images one prompt may carry. */
export const ATTACHMENTS_PER_PROMPT = 4;

/** Images a person may have uploaded and not yet sent; one more is refused until some are sent. */
export const PENDING_ATTACHMENTS_PER_USER = 20;

/** Longest file name kept (longer ones are cut, keeping the extension). */
export const ATTACHMENT_NAME_MAX_LENGTH = 120;

/** The newest attached images of a thread the model receives as images (older ones it reads by name only). */
export const ATTACHMENTS_SENT_TO_MODEL = 4;
