/**
 * A model that fails on cue, behind an OpenAI-compatible chat-completions
 * endpoint on 127.0.0.1, for the fault process suites: the app reaches it
 * through its real provider path (`OPENAI_COMPATIBLE_BASE_URL`), so a fault
 * goes through the AI SDK's HTTP stream as a real provider's would. The
 * person's newest message names the script (`fault <name>`): the first part
 * of the reply (`FAULT_FIRST_TEXT`), then —
 *
 * - `drop`: the connection is cut;
 * - `error`: an error event in the stream, as a provider reports an overload;
 * - `stall`: nothing more, the connection held open until the client gives up;
 * - `gate`: nothing more until the test opens the gate, then the rest
 *   (`FAULT_SECOND_TEXT`) and a normal finish;
 * - anything else: the rest at once and a normal finish.
 *
 * Test-only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { lastUserText, readRequestBody } from "./chat-completions-request";

/** The model name the server answers to (`OPENAI_COMPATIBLE_MODELS`). */
export const FAULT_MODEL_NAME = "faulty";

/** What every script sends first. */
export const FAULT_FIRST_TEXT = "The first part of the reply arrived before anything went wrong. ";

/** What a script that goes on sends after the first part. */
export const FAULT_SECOND_TEXT = "The second part arrived after the pause, and the reply finished normally.";

/** The scripts a prompt may name. */
export type FaultScript = "drop" | "error" | "stall" | "gate" | "ok";

/** Largest request body read: the app sends its system prompt and the thread with every call. */
const REQUEST_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/** A running fault model. */
export type FaultModelServer = {
  /** The base URL the app is given (`…/v1`). */
  baseUrl: string;
  /** The environment that points a server at this model. */
  env: Record<string, string>;
  /** The model id the app knows it by. */
  modelId: string;
  /** Opens the gate of every `gate` reply waiting now or later; `closeGate` shuts it for the next ones. */
  openGate: () => void;
  closeGate: () => void;
  /** Resolves once `count` streaming requests have been answered up to their first part. */
  started: (count: number) => Promise<void>;
  /** Resolves once `count` held streams (`stall`, `gate`) were closed by their client (the app gave up on them). */
  abandoned: (count: number) => Promise<void>;
  /** How many held streams their client closed so far. */
  abandonedCount: () => number;
  stop: () => Promise<void>;
};

/** The script the newest user message names. */
export function faultScriptOf(messages: unknown): FaultScript {
  const named = /\bfault (drop|error|stall|gate)\b/.exec(lastUserText(messages))?.[1];
  return (named as FaultScript | undefined) ?? "ok";
}

/** Starts the fault model on a free loopback port. */
export async function startFaultModelServer(): Promise<FaultModelServer> {
  let gateOpen = false;
  let gateWaiters: (() => void)[] = [];
  let startedCount = 0;
  let abandonedCount = 0;
  const progress = new Set<() => void>();
  const held = new Set<ServerResponse>();
  const notify = () => {
    for (const listener of [...progress]) listener();
  };
  const until = (reached: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!reached()) return;
        progress.delete(check);
        resolve();
      };
      progress.add(check);
      check();
    });

  const server = createServer((request, response) => {
    void handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { message: "the fault model server failed" } }));
    });
  });

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    if (request.method !== "POST" || path !== "/v1/chat/completions") {
      response.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: `no route ${request.method} ${path}` } }));
      return;
    }
    const body = JSON.parse(await readRequestBody(request, REQUEST_BODY_LIMIT_BYTES)) as { messages?: unknown };
    const script = faultScriptOf(body.messages);
    const id = `chatcmpl-fault-${startedCount + 1}`;
    const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
      `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model: FAULT_MODEL_NAME, choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`;
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    response.write(chunk({ role: "assistant", content: "" }));
    response.write(chunk({ content: FAULT_FIRST_TEXT }));
    startedCount += 1;
    notify();
    switch (script) {
      case "drop":
        // Mid-stream, as a provider's connection breaks: no finish, no [DONE].
        setTimeout(() => response.socket?.destroy(), 50);
        return;
      case "error":
        response.write(`data: ${JSON.stringify({ error: { message: "The model is overloaded (fault server).", type: "server_error", code: "overloaded" } })}\n\n`);
        response.end();
        return;
      case "stall":
      case "gate": {
        held.add(response);
        const closed = new Promise<void>((resolve) => response.once("close", () => resolve()));
        void closed.then(() => {
          held.delete(response);
          if (!response.writableFinished) {
            abandonedCount += 1;
            notify();
          }
        });
        if (script === "stall") return;
        if (!gateOpen) await Promise.race([new Promise<void>((resolve) => gateWaiters.push(resolve)), closed]);
        if (response.destroyed || response.writableEnded) return;
        break;
      }
      case "ok":
        break;
    }
    response.write(chunk({ content: FAULT_SECOND_TEXT }));
    response.write(chunk({}, "stop"));
    response.write(`data: ${JSON.stringify({ id, object: "chat.completion.chunk", created: 0, model: FAULT_MODEL_NAME, choices: [], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } })}\n\n`);
    response.write("data: [DONE]\n\n");
    response.end();
  };

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}/v1`;
  return {
    baseUrl,
    env: { OPENAI_COMPATIBLE_BASE_URL: baseUrl, OPENAI_COMPATIBLE_MODELS: FAULT_MODEL_NAME, OPENAI_COMPATIBLE_NAME: "Fault server" },
    modelId: `compatible:${FAULT_MODEL_NAME}`,
    openGate: () => {
      gateOpen = true;
      const waiting = gateWaiters;
      gateWaiters = [];
      for (const release of waiting) release();
    },
    closeGate: () => {
      gateOpen = false;
    },
    started: (count) => until(() => startedCount >= count),
    abandoned: (count) => until(() => abandonedCount >= count),
    abandonedCount: () => abandonedCount,
    stop: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
