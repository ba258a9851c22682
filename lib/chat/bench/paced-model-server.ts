/**
 * The load bench's model: an OpenAI-compatible chat-completions server, in a
 * process of its own, that streams recorded replay replies at the replay
 * model's own pace (`buildReplayScript`: the same token-sized pieces, the
 * same waits) and notes when each piece left. The app reaches it through its
 * real provider path (`OPENAI_COMPATIBLE_BASE_URL`), as it would a hosted
 * model; being outside the app's process, its pace does not slow down when
 * the app is overloaded, and its clock says when text arrived at the app
 * (loopback adds microseconds).
 *
 * The person's newest message carries a tag, `[load <tag>]`; the times of
 * each tag's reply are read back with `GET /timings?tag=<tag>` as
 * `[[end offset, epoch ms], …]` (one pair per write: pieces due together
 * leave in one write), and dropped by `DELETE /timings`.
 *
 *   node --import tsx lib/chat/bench/paced-model-server.ts --port 3401 --replies sales-dashboard,build-status
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { lastUserText, readRequestBody } from "../testing/chat-completions-request";
import { buildReplayScript, REPLAY_DEFAULT_CHARACTERS_PER_SECOND, REPLAY_DEFAULT_FIRST_TOKEN_MS } from "@/lib/models/replay/replay-script";

/** The model name the server answers to (`OPENAI_COMPATIBLE_MODELS`). */
export const PACED_MODEL_NAME = "paced";

/** How a prompt names its reply's tag. */
const TAG_PATTERN = /\[load ([A-Za-z0-9_-]{1,64})\]/;

/** Largest request body read: the bench's chats are short, the system prompt is not. */
const REQUEST_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/** The text played: the recordings' replies as the replay model plays them, one after another, a blank line between. */
export function pacedReplyText(root: string, replyIds: readonly string[]): string {
  return replyIds.map((id) => readFileSync(path.join(root, "fixtures", "replays", id, "reply.md"), "utf8")).join("\n\n");
}

/** Starts the server; resolves once it listens. */
export function startPacedModelServer(options: { port: number; text: string; charactersPerSecond?: number; firstTokenMs?: number; seed?: number }) {
  const timings = new Map<string, [number, number][]>();
  let requests = 0;
  const stream = async (response: ServerResponse, tag: string) => {
    requests += 1;
    const script = buildReplayScript(
      { text: options.text, toolCalls: [], finishReason: "stop" },
      {
        seed: (options.seed ?? 1) + requests,
        firstTokenMs: options.firstTokenMs ?? REPLAY_DEFAULT_FIRST_TOKEN_MS,
        charactersPerSecond: options.charactersPerSecond ?? REPLAY_DEFAULT_CHARACTERS_PER_SECOND,
        responseId: `chatcmpl-paced-${requests}`,
        modelId: PACED_MODEL_NAME,
        toolCallIdPrefix: "call",
        promptCharacters: 0,
      },
    );
    const id = `chatcmpl-paced-${requests}`;
    const created = Math.floor(Date.now() / 1000);
    const event = (delta: Record<string, unknown>, finishReason: string | null = null) =>
      `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: PACED_MODEL_NAME, choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`;
    const times: [number, number][] = [];
    timings.set(tag, times);
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    response.write(event({ role: "assistant", content: "" }));
    // Waits are kept on one schedule from the start, so a late timer does not push every later piece back.
    let due = performance.now();
    let offset = 0;
    let burst = "";
    const send = () => {
      if (burst.length === 0) return;
      response.write(burst);
      burst = "";
      times.push([offset, Date.now()]);
    };
    for (const { part, delayMs } of script) {
      if (delayMs > 0) {
        send();
        due += delayMs;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (response.destroyed) return;
      }
      if (part.type === "text-delta") {
        burst += event({ content: part.delta });
        offset += part.delta.length;
      }
    }
    send();
    response.write(event({}, "stop"));
    response.write("data: [DONE]\n\n");
    response.end();
  };
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (request.method === "GET" && url.pathname === "/health") return void response.writeHead(200).end("paced model server\n");
    if (request.method === "GET" && url.pathname === "/timings") {
      return void response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(timings.get(url.searchParams.get("tag") ?? "") ?? null));
    }
    if (request.method === "DELETE" && url.pathname === "/timings") {
      timings.clear();
      return void response.writeHead(204).end();
    }
    if (request.method !== "POST" || url.pathname !== "/v1/chat/completions") return void response.writeHead(404).end();
    const body = JSON.parse(await readRequestBody(request, REQUEST_BODY_LIMIT_BYTES)) as { messages?: unknown };
    const tag = TAG_PATTERN.exec(lastUserText(body.messages))?.[1] ?? "untagged";
    await stream(response, tag);
  };
  const server = createServer((request, response) => {
    handle(request, response).catch((caught: unknown) => {
      console.error(`paced model: ${String(caught)}`);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  return new Promise<typeof server>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => resolve(server));
  });
}

const runAsProgram = process.argv[1] !== undefined && /paced-model-server\.[cm]?[jt]s$/.test(process.argv[1]);
if (runAsProgram) {
  const value = (name: string) => {
    const at = process.argv.indexOf(`--${name}`);
    return at === -1 ? undefined : process.argv[at + 1];
  };
  const port = Number(value("port") ?? 3401);
  const root = path.resolve(import.meta.dirname, "..", "..", "..");
  const text = pacedReplyText(root, (value("replies") ?? "sales-dashboard").split(","));
  const charactersPerSecond = value("cps") === undefined ? undefined : Number(value("cps"));
  await startPacedModelServer({ port, text, ...(charactersPerSecond ? { charactersPerSecond } : {}) });
  console.log(`paced model server on http://127.0.0.1:${port}/v1 (${text.length} characters a reply)`);
}
