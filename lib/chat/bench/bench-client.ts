/**
 * The bench's side of a running production server, over plain HTTP as a
 * browser would speak it: a guest session from better-auth's endpoint, the
 * chat's server actions called by their ids (read from the build's server
 * reference manifest, as the browser's bundle knows them) and the chat's
 * JSON snapshot.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { ChatSnapshotSchema, ChatSummarySchema, type ChatSnapshot, type ChatSummary } from "../wire";

/** The file holding the chat's server actions. */
const CHAT_ACTIONS_FILE = "app/(chat)/actions.ts";

/** A signed-in guest on a server. */
export type BenchSession = { baseUrl: string; cookie: string; actionIds: ChatActionIds };

/** Ids of the chat actions the bench calls (the build keeps only actions a page uses). */
export type ChatActionIds = { sendMessage: string };

const ManifestSchema = z.object({
  node: z.record(z.string(), z.object({ exportedName: z.string().optional(), filename: z.string().optional() })),
});

/**
 * The ids of the actions named `names` of the file `file` (its path in the
 * repository) in the build at `distDir` (its `server/server-reference-manifest.json`).
 */
export function readActionIds<Name extends string>(input: { distDir: string; file: string; names: readonly Name[] }): Record<Name, string> {
  const manifestPath = path.join(input.distDir, "server", "server-reference-manifest.json");
  const manifest = ManifestSchema.parse(JSON.parse(readFileSync(manifestPath, "utf8")));
  const ids = {} as Record<Name, string>;
  for (const name of input.names) {
    const entry = Object.entries(manifest.node).find(([, action]) => action.filename === input.file && action.exportedName === name);
    if (!entry) throw new Error(`${manifestPath} has no action ${name} of ${input.file}`);
    ids[name] = entry[0];
  }
  return ids;
}

/** The ids of the chat's actions in the build at `distDir`. */
export function readChatActionIds(distDir: string): ChatActionIds {
  return readActionIds({ distDir, file: CHAT_ACTIONS_FILE, names: ["sendMessage"] });
}

/** The `name=value` pairs of a response's `set-cookie` headers, as one `cookie` header. */
export function cookieHeaderOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .filter((pair) => pair.includes("="))
    .join("; ");
}

/** Starts a guest session (better-auth's anonymous sign-in). */
export async function signInAsGuest(baseUrl: string, actionIds: ChatActionIds): Promise<BenchSession> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/anonymous`, {
    method: "POST",
    headers: { origin: baseUrl, "content-type": "application/json" },
    body: "{}",
  });
  if (!response.ok) throw new Error(`guest sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = cookieHeaderOf(response);
  if (!cookie) throw new Error("guest sign-in set no cookie");
  return { baseUrl, cookie, actionIds };
}

/**
 * The value a server action returned, from its React Server Components
 * response: the row (`1:{…}`) that the first row refers to as its result.
 */
export function actionResultOf(body: string): unknown {
  const rows = new Map<string, string>();
  for (const line of body.split("\n")) {
    const match = /^([0-9a-f]+):(.*)$/.exec(line);
    if (match?.[1] !== undefined && match[2] !== undefined) rows.set(match[1], match[2]);
  }
  const head = rows.get("0");
  if (head === undefined) throw new Error("the action's response has no first row");
  const reference = /"a":"\$@([0-9a-f]+)"/.exec(head)?.[1];
  const row = reference === undefined ? head : rows.get(reference);
  if (row === undefined) throw new Error("the action's response does not hold its result");
  return JSON.parse(row);
}

/** What an action call answered: the HTTP status and the action's result (null when the body held none, e.g. a 500 page). */
export type ActionCall = {
  status: number;
  result: { ok: true; [key: string]: unknown } | { ok: false; error: { code: string; message: string } } | null;
  body: string;
};

const ActionCallResultSchema = z.union([
  z.object({ ok: z.literal(true) }).passthrough(),
  z.object({ ok: z.literal(false), error: z.object({ code: z.string(), message: z.string() }).passthrough() }),
]);

/**
 * Calls a server action by its id with one argument, as a page's form does
 * (posted to `pagePath`, the page that uses it; default `/`), and returns
 * whatever it answered — a refusal as well as a success (the process suites
 * check refusals).
 */
export async function callAction(session: Pick<BenchSession, "baseUrl" | "cookie">, actionId: string, input: unknown, pagePath = "/"): Promise<ActionCall> {
  const response = await fetch(`${session.baseUrl}${pagePath}`, {
    method: "POST",
    headers: {
      cookie: session.cookie,
      origin: session.baseUrl,
      "next-action": actionId,
      accept: "text/x-component",
      "content-type": "text/plain;charset=UTF-8",
    },
    body: JSON.stringify([input]),
  });
  const body = await response.text();
  let result: ActionCall["result"] = null;
  try {
    const parsed = ActionCallResultSchema.safeParse(actionResultOf(body));
    if (parsed.success) result = parsed.data as ActionCall["result"];
  } catch {
    // No result row: the status (and the body) say what happened instead.
  }
  return { status: response.status, result, body };
}

/** `callAction` for a call that must succeed: its `{ok: true, …}` result; throws on anything else. */
export async function callBenchAction(session: Pick<BenchSession, "baseUrl" | "cookie">, actionId: string, input: unknown, pagePath = "/"): Promise<Record<string, unknown>> {
  const call = await callAction(session, actionId, input, pagePath);
  if (call.status !== 200 || call.result === null) throw new Error(`server action failed: ${call.status} ${call.body.slice(0, 300)}`);
  if (!call.result.ok) throw new Error(`server action refused: ${JSON.stringify(call.result).slice(0, 300)}`);
  return call.result;
}

/**
 * Sends a prompt (to a new chat when `chatId` is absent); returns the chat
 * and the reply's message id as soon as the reply has started.
 */
export async function sendBenchPrompt(input: { session: BenchSession; chatId?: string; prompt: string; modelId: string }): Promise<{ chat: ChatSummary; replyMessageId: string }> {
  const { chatId, prompt, modelId } = input;
  const result = await callBenchAction(input.session, input.session.actionIds.sendMessage, { ...(chatId === undefined ? {} : { chatId }), prompt, modelId });
  return z.object({ chat: ChatSummarySchema, replyMessageId: z.string() }).parse(result);
}

/** The chat's snapshot as JSON (what a reload fetches). */
export async function fetchBenchSnapshot(session: BenchSession, chatId: string): Promise<ChatSnapshot> {
  const response = await fetch(`${session.baseUrl}/api/chats/${encodeURIComponent(chatId)}`, { headers: { cookie: session.cookie } });
  if (!response.ok) throw new Error(`snapshot failed: ${response.status}`);
  return ChatSnapshotSchema.parse(await response.json());
}
