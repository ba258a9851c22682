/**
 * How an attachment's bytes leave the server: the type read from them at
 * upload (never sniffed again: `nosniff`), shown inline under its own name,
 * cached privately (an id's bytes never change), readable only by the app's
 * own pages (`Cross-Origin-Resource-Policy`), and under a policy that lets
 * nothing run should a browser open it as a page.
 */
import type { Attachment } from "@/db/schema";

/** The policy an attachment is served under: an image needs none of it. */
export const ATTACHMENT_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** The URL path pattern of the route (next.config.ts `headers()`). */
export const ATTACHMENT_ROUTE_SOURCE = "/api/chats/:id/attachments/:attachmentId";

/** The headers next.config.ts sets on the route (its app-wide policy would otherwise win over the handler's). */
export const ATTACHMENT_ROUTE_HEADERS = [
  { key: "Content-Security-Policy", value: ATTACHMENT_POLICY },
  { key: "Referrer-Policy", value: "no-referrer" },
] as const;

/** `Content-Disposition` for a name: an ASCII fallback and the UTF-8 name (RFC 6266). */
export function inlineDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The response carrying an attachment (see the file comment). */
export function attachmentResponse(attachment: Attachment): Response {
  const body = new Uint8Array(attachment.bytes);
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": attachment.mediaType,
      "Content-Length": String(body.byteLength),
      "Content-Disposition": inlineDisposition(attachment.name),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, max-age=31536000, immutable",
      "Cross-Origin-Resource-Policy": "same-origin",
      "Content-Security-Policy": ATTACHMENT_POLICY,
    },
  });
}
