/**
 * Reading a chat-completions request, for the OpenAI-compatible model
 * servers the tests and benches stand up in place of a provider (the load
 * bench's paced model, the fault suites' model, the browser suite's hostile
 * model): its body, bounded, and the text of its newest user message, which
 * names what the server plays.
 */
import type { IncomingMessage } from "node:http";

/** The request's body as text; throws past `limitBytes`. */
export async function readRequestBody(request: IncomingMessage, limitBytes: number): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of request) {
    const buffer = part as Buffer;
    size += buffer.length;
    if (size > limitBytes) throw new Error("request body too large");
    parts.push(buffer);
  }
  return Buffer.concat(parts).toString("utf8");
}

/** The text of a message's `content`: a string, or a list of parts whose text is joined. */
export function messageContentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((part: unknown) => (typeof part === "object" && part !== null && typeof (part as { text?: unknown }).text === "string" ? (part as { text: string }).text : "")).join("");
}

/** The text of the newest user message of a request's `messages`, or "". */
export function lastUserText(messages: unknown): string {
  const list = Array.isArray(messages) ? (messages as { role?: unknown; content?: unknown }[]) : [];
  return messageContentText(list.findLast((message) => message.role === "user")?.content);
}
