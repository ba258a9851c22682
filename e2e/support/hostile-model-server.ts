/**
 * A hostile model behind an OpenAI-compatible chat-completions endpoint, the
 * way an attacker reaches the app: a prompt-injected model served by any
 * compatible server. The app talks to it through its real provider path
 * (`OPENAI_COMPATIBLE_BASE_URL`), so every case goes through the AI SDK
 * stream, the chat core, the store and the renderers as a real reply would.
 *
 * The person's newest message names the case (`hostile case <id>`, see
 * e2e/hostile/cases); the case says exactly which events to stream, with
 * pauses where a half-arrived construct must be drawn. A reply with a tool
 * call is played over several model calls: the step is the number of
 * assistant messages after the newest user message.
 *
 * Run by Playwright (e2e/playwright.config.ts); by hand:
 *   npx tsx e2e/support/hostile-model-server.ts --port 3201
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { setTimeout as delay } from "node:timers/promises";
import { messageContentText, readRequestBody } from "../../lib/chat/testing/chat-completions-request";
import { HOSTILE_CASES, RESPONDER_CASES } from "../hostile/cases";
import { caseIdOf, type HostileCase, type HostileChunk, type HostileStep } from "../hostile/hostile-case";

/** The model name the server answers to (`OPENAI_COMPATIBLE_MODELS`). */
export const HOSTILE_MODEL_NAME = "hostile";

/** Largest request body read: a chat with a 1 MB reply in its history sends it back with every later message. */
const REQUEST_BODY_LIMIT_BYTES = 32 * 1024 * 1024;

/** A message of the chat-completions request, as far as this server reads it. */
type RequestMessage = { role?: unknown; content?: unknown };

/** Which case a request plays and which step of it: see the module comment. */
export function pickStep(messages: RequestMessage[], cases: ReadonlyMap<string, HostileCase>): { hostileCase: HostileCase | null; caseId: string | null; step: number } {
  let lastUser = -1;
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    if (messages[index]?.role === "user") {
      lastUser = index;
      break;
    }
  }
  if (lastUser < 0) return { hostileCase: null, caseId: null, step: 0 };
  const caseId = caseIdOf(messageContentText(messages[lastUser]?.content));
  const step = messages.slice(lastUser + 1).filter((message) => message.role === "assistant").length;
  return { hostileCase: caseId === null ? null : (cases.get(caseId) ?? null), caseId, step };
}

/** What the server answers when the message names no case it knows. */
function unknownCaseStep(caseId: string | null): HostileStep {
  return { chunks: [{ kind: "text", text: caseId === null ? "No hostile case was named." : `There is no hostile case "${caseId}".` }] };
}

/** Streams one step as `chat.completion.chunk` events; see HostileChunk for what each piece becomes. */
async function streamStep({ response, step, requestNumber }: { response: ServerResponse; step: HostileStep; requestNumber: number }): Promise<void> {
  const id = `chatcmpl-hostile-${requestNumber}`;
  const created = Math.floor(Date.now() / 1000);
  const event = (delta: Record<string, unknown>, finishReason: string | null = null, extra: Record<string, unknown> = {}) =>
    `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: HOSTILE_MODEL_NAME, choices: [{ index: 0, delta, finish_reason: finishReason }], ...extra })}\n\n`;
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  response.write(event({ role: "assistant", content: "" }));
  let toolCalls = 0;
  for (const chunk of step.chunks) {
    if (chunk.kind === "hold") {
      await delay(chunk.milliseconds);
      continue;
    }
    if (chunk.kind === "drop") {
      response.socket?.destroy();
      return;
    }
    for (const line of eventLines({ chunk, toolIndex: toolCalls, event })) response.write(line);
    if (chunk.kind === "tool-call") toolCalls += 1;
    // Each event leaves as its own write, as a model's would.
    await delay(0);
  }
  response.write(event({}, toolCalls > 0 ? "tool_calls" : "stop", { usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } }));
  response.write("data: [DONE]\n\n");
  response.end();
}

/** The events one chunk becomes. */
function eventLines({
  chunk,
  toolIndex,
  event,
}: {
  chunk: Exclude<HostileChunk, { kind: "hold" } | { kind: "drop" }>;
  toolIndex: number;
  event: (delta: Record<string, unknown>) => string;
}): string[] {
  switch (chunk.kind) {
    case "text":
      return [event({ content: chunk.text })];
    case "reasoning":
      return [event({ reasoning_content: chunk.text })];
    case "raw":
      return [`${chunk.line}\n\n`];
    case "tool-call":
      return [
        event({ tool_calls: [{ index: toolIndex, id: chunk.id, type: "function", function: { name: chunk.name, arguments: "" } }] }),
        ...chunk.argumentPieces.map((piece) => event({ tool_calls: [{ index: toolIndex, function: { arguments: piece } }] })),
      ];
  }
}

/** How many times the same messages were answered before, counting this one in. */
function repeatCount(seen: Map<string, number>, messages: unknown): number {
  const key = createHash("sha256").update(JSON.stringify(messages ?? null)).digest("hex");
  const count = seen.get(key) ?? 0;
  seen.set(key, count + 1);
  return count;
}

/** Starts the server on `port` (127.0.0.1); resolves once it listens. */
export function startHostileModelServer(options: { port: number; host?: string; log?: (line: string) => void }): Promise<Server> {
  const cases = new Map<string, HostileCase>([...HOSTILE_CASES, ...RESPONDER_CASES].map((hostileCase) => [hostileCase.id, hostileCase]));
  let requests = 0;
  // How often each exact request was answered: a case's `stepsOnRepeat` answers every other one.
  const seen = new Map<string, number>();
  const server = createServer((request, response) => {
    void handle(request, response).catch((caught: unknown) => {
      options.log?.(`hostile model: ${String(caught)}`);
      if (!response.headersSent) response.writeHead(500, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { message: "the hostile model server failed" } }));
    });
  });
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    if (request.method === "GET" && (path === "/" || path === "/v1" || path === "/health")) {
      response.writeHead(200, { "content-type": "text/plain" }).end("hostile model server\n");
      return;
    }
    if (request.method === "GET" && path === "/v1/models") {
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ object: "list", data: [{ id: HOSTILE_MODEL_NAME, object: "model", owned_by: "hostile" }] }));
      return;
    }
    if (request.method !== "POST" || path !== "/v1/chat/completions") {
      response.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: `no route ${request.method} ${path}` } }));
      return;
    }
    const body = JSON.parse(await readRequestBody(request, REQUEST_BODY_LIMIT_BYTES)) as { messages?: RequestMessage[]; stream?: boolean };
    requests += 1;
    const { hostileCase, caseId, step } = pickStep(Array.isArray(body.messages) ? body.messages : [], cases);
    const sameBefore = hostileCase?.stepsOnRepeat ? repeatCount(seen, body.messages) : 0;
    const steps = hostileCase?.stepsOnRepeat && sameBefore % 2 === 1 ? hostileCase.stepsOnRepeat : hostileCase?.steps;
    const played = steps?.[step] ?? (hostileCase ? { chunks: [{ kind: "text" as const, text: " " }] } : unknownCaseStep(caseId));
    options.log?.(`hostile model: case ${caseId ?? "-"} step ${step}`);
    if (body.stream === false) {
      const content = played.chunks.flatMap((chunk) => (chunk.kind === "text" ? [chunk.text] : [])).join("");
      response.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({ id: `chatcmpl-hostile-${requests}`, object: "chat.completion", created: 0, model: HOSTILE_MODEL_NAME, choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }] }),
      );
      return;
    }
    await streamStep({ response, step: played, requestNumber: requests });
  };
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "127.0.0.1", () => resolve(server));
  });
}

/** `--port N` from the command line, else HOSTILE_MODEL_PORT, else 3201. */
function portFromArguments(argv: readonly string[]): number {
  const flag = argv.indexOf("--port");
  const value = flag >= 0 ? argv[flag + 1] : process.env.HOSTILE_MODEL_PORT;
  const port = Number(value ?? 3201);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`not a port: ${value}`);
  return port;
}

const runAsProgram = process.argv[1] !== undefined && /hostile-model-server\.[cm]?[jt]s$/.test(process.argv[1]);
if (runAsProgram) {
  const port = portFromArguments(process.argv);
  const verbose = process.env.HOSTILE_MODEL_LOG === "1";
  await startHostileModelServer({ port, log: verbose ? (line) => console.log(line) : (line) => (line.includes("failed") ? console.error(line) : undefined) });
  console.log(`hostile model server on http://127.0.0.1:${port}/v1 (${HOSTILE_CASES.length} cases)`);
}
