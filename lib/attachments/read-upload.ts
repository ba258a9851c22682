/**
 * An upload's bytes, read from a request without ever holding more than the
 * limit: a `Content-Length` above it is refused before reading, and a body
 * that grows past it (no length, or a false one) is cancelled there.
 */
import { AppError } from "@/lib/errors";
import { ATTACHMENT_SIZE_MESSAGE } from "./attachment-messages";
import { ATTACHMENT_NAME_HEADER } from "./attachment-ref";
import { ATTACHMENT_MAX_BYTES } from "./limits";


/** The request's body, at most `ATTACHMENT_MAX_BYTES` (else `bad_request:attachment`). */
export async function readUpload(request: Request): Promise<{ bytes: Uint8Array; name: string | null }> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > ATTACHMENT_MAX_BYTES) throw new AppError("bad_request:attachment", { message: ATTACHMENT_SIZE_MESSAGE });
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > ATTACHMENT_MAX_BYTES) {
      await reader.cancel().catch(() => {});
      throw new AppError("bad_request:attachment", { message: ATTACHMENT_SIZE_MESSAGE });
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes, name: decodedName(request.headers.get(ATTACHMENT_NAME_HEADER)) };
}

function decodedName(header: string | null): string | null {
  if (header === null) return null;
  try {
    return decodeURIComponent(header);
  } catch {
    return header;
  }
}
