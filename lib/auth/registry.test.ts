/**
 * The policy registry against the code: every route handler, server action
 * and page under app/ (and every `"use server"` module under lib/) is listed,
 * nothing listed is stale, and each entry, called as the wrong person, is
 * refused the way its access says — while the right person gets through.
 * Then every route handler and server action is fuzzed (fast-check): bodies,
 * arguments and path segments a hostile client would send, as the owner and
 * as another person — never a 500, never a stack trace or SQL in what comes
 * back, never a change to the victim's data.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { isHTTPAccessFallbackError, getAccessFallbackHTTPStatus } from "next/dist/client/components/http-access-fallback/http-access-fallback";
import { isRedirectError } from "next/dist/client/components/redirect-error";
import { getURLFromRedirectError } from "next/dist/client/components/redirect";

const { request, nextHeaders } = vi.hoisted(() => {
  const request = { headers: new Headers(), cookies: new Map<string, string>() };
  // Server actions and pages read the request through next/headers; here it is the probe's request.
  const nextHeaders = () => ({
    headers: async () => request.headers,
    cookies: async () => ({
      get: (name: string) => (request.cookies.has(name) ? { name, value: request.cookies.get(name) } : undefined),
      getAll: () => [...request.cookies].map(([name, value]) => ({ name, value })),
      has: (name: string) => request.cookies.has(name),
      set: (name: string, value: string) => void request.cookies.set(name, value),
      delete: (name: string) => void request.cookies.delete(name),
    }),
  });
  return { request, nextHeaders };
});

vi.mock("server-only", () => ({}));
vi.mock("next/headers", nextHeaders);
vi.mock("next/headers.js", nextHeaders);

process.env.PGLITE_DATA_DIR = "memory://";
delete process.env.DATABASE_URL;
process.env.BETTER_AUTH_SECRET = "registry-test-secret-0123456789abcdefghijklmnopqrstuvwxyz";
const ADMIN_EMAIL = `admin-${crypto.randomUUID()}@example.test`;
process.env.ADMIN_EMAILS = ADMIN_EMAIL;
// Verification links need the app's address; the probes' requests carry none.
process.env.BETTER_AUTH_URL = "http://localhost:3000";

const { policyRegistry } = await import("./registry");
type PolicyEntry = (typeof policyRegistry)[number];
type ProbeFixture = Parameters<NonNullable<Extract<PolicyEntry, { kind: "route" }>["probe"]["path"]>>[0];
const { getAuth } = await import("./auth");
const { authorizeChat, requireActor } = await import("./policy");
const { createChat } = await import("@/db/queries/chats");
const { grantAdmin } = await import("@/db/queries/users");
const { appendMessage } = await import("@/db/queries/messages");
const { upsertPanelState } = await import("@/db/queries/panels");
const { storeArtifactVersion } = await import("@/db/queries/artifacts");
const { proposeHostActionOnce } = await import("@/db/queries/host-actions");
const { storePendingAttachment } = await import("@/db/queries/attachments");
const { newAttachmentId } = await import("@/lib/attachments/attachment-access");
const { solidPng } = await import("@/lib/attachments/testing/solid-png");
const { isAppError, toErrorResponse } = await import("@/lib/errors");
const { requestHeaders, signInGuest, signInPerson, signUpPerson } = await import("./testing");
const { compileUi } = await import("@/lib/ui/compile/compile-ui");
const { PROJECT_QUERY_SCHEMAS } = await import("@/lib/project/query-sources");
const { genuiFenceRecords } = await import("@/lib/chat/final/final-reply");
const { createRecompileRun } = await import("@/db/queries/admin-recompile");
const { addCompareShare, createCompareRun } = await import("@/db/queries/compare");
const { getDatabase } = await import("@/db/client");

/**
 * The probe chat's reply: one block reading the demo project (a query and a
 * chip) and offering a choice, for the project routes and `sendChoice`; and
 * the panel `sales`, an octo-ui fence with a button, for `sendPanelAction`.
 */
const PROBE_REPLY = [
  "```ui",
  '$runs = @Query("tests", {branch: "main"})',
  '<Summary>See <File path="lib/billing/invoice.ts" line={42}/></Summary>',
  "<Table rows={$runs}/>",
  '<Choices><Choice id="probe" label="Probe the choice"/></Choices>',
  "```",
  "",
  "```octo-ui",
  '{"id": "sales", "items": [{"type": "button", "label": "Refresh", "action": "refresh"}]}',
  "```",
].join("\n");

const ROOT = path.resolve(import.meta.dirname, "..", "..");
/** Where `guardPage` sends a stranger (sign-out's own redirect to /sign-in is not a refusal). */
const SIGN_IN_REDIRECT = "/sign-in?next=";
const HTTP_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * Public entries, reviewed: adding one means adding it here too, on purpose.
 * Everything else must refuse the wrong person.
 */
const REVIEWED_PUBLIC = new Set([
  "route GET app/api/auth/[...all]/route.ts",
  "route POST app/api/auth/[...all]/route.ts",
  "action signUp app/(auth)/_actions/sign-up.ts",
  "action signIn app/(auth)/_actions/sign-in.ts",
  "action continueAsGuest app/(auth)/_actions/continue-as-guest.ts",
  "page default app/(auth)/sign-in/page.tsx",
  "page default app/(auth)/sign-up/page.tsx",
  "page default app/(auth)/guest/page.tsx",
  "page default app/(dev)/gallery/page.tsx",
  "page default app/(dev)/gallery-genui/page.tsx",
  "page default app/(dev)/parity/page.tsx",
  "page default app/(dev)/gallery-stream/page.tsx",
  "route GET app/diagram-frame/route.ts",
  "route GET app/diagram-frame/mermaid.js/route.ts",
]);

function keyOf(entry: { kind: string; exportName: string; file: string }): string {
  return `${entry.kind} ${entry.exportName} ${entry.file}`;
}

function walk(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((dirent) => {
    const full = path.join(directory, dirent.name);
    if (dirent.isDirectory()) return dirent.name === "node_modules" ? [] : walk(full);
    return [full];
  });
}

/** True when a module's first statement is the `"use server"` directive. */
function isServerActionModule(source: string): boolean {
  const withoutComments = source.replace(/^(\s*(\/\/[^\n]*\n|\/\*[\s\S]*?\*\/))*\s*/, "");
  return /^["']use server["']/.test(withoutComments);
}

async function exportsOf(file: string): Promise<Record<string, unknown>> {
  return (await import(/* @vite-ignore */ path.join(ROOT, file))) as Record<string, unknown>;
}

/** What the code declares, found by reading app/ and lib/. */
async function declaredEntries(): Promise<{ keys: string[]; inlineActions: string[] }> {
  const keys: string[] = [];
  const inlineActions: string[] = [];
  const files = [...walk(path.join(ROOT, "app")), ...walk(path.join(ROOT, "lib"))]
    .map((full) => path.relative(ROOT, full).split(path.sep).join("/"))
    .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file));
  for (const file of files) {
    const source = readFileSync(path.join(ROOT, file), "utf8");
    const name = path.posix.basename(file);
    if (file.startsWith("app/") && /^route\.(ts|tsx)$/.test(name)) {
      for (const exportName of Object.keys(await exportsOf(file))) {
        if (HTTP_METHODS.has(exportName)) keys.push(keyOf({ kind: "route", exportName, file }));
      }
    } else if (file.startsWith("app/") && /^page\.(ts|tsx)$/.test(name)) {
      keys.push(keyOf({ kind: "page", exportName: "default", file }));
    }
    if (isServerActionModule(source)) {
      for (const [exportName, value] of Object.entries(await exportsOf(file))) {
        if (typeof value === "function") keys.push(keyOf({ kind: "action", exportName, file }));
      }
    } else if (/["']use server["']/.test(source)) {
      // Inline actions inside components cannot be enumerated: keep every action in a "use server" module.
      inlineActions.push(file);
    }
  }
  return { keys: keys.sort(), inlineActions };
}

/** How a call ended, in the terms the policy speaks. */
type Outcome =
  | { type: "refused"; code: string }
  | { type: "redirect"; to: string }
  | { type: "not-found" }
  | { type: "http"; status: number; code?: string }
  | { type: "returned"; code?: string }
  | { type: "crashed"; error: unknown };

async function outcomeOf(call: () => Promise<unknown>): Promise<Outcome> {
  try {
    const result = await call();
    if (result instanceof Response) {
      let code: string | undefined;
      try {
        code = ((await result.clone().json()) as { error?: { code?: string } } | null)?.error?.code;
      } catch {
        code = undefined;
      }
      return code === undefined ? { type: "http", status: result.status } : { type: "http", status: result.status, code };
    }
    const code = (result as { error?: { code?: string } } | null | undefined)?.error?.code;
    return code === undefined ? { type: "returned" } : { type: "returned", code };
  } catch (caught) {
    if (isAppError(caught)) return { type: "refused", code: caught.code };
    if (isRedirectError(caught)) return { type: "redirect", to: getURLFromRedirectError(caught) };
    if (isHTTPAccessFallbackError(caught) && getAccessFallbackHTTPStatus(caught) === 404) return { type: "not-found" };
    return { type: "crashed", error: caught };
  }
}

/** Calls one entry as the person whose request headers are given. */
async function callEntry(
  entry: { kind: PolicyEntry["kind"]; file: string; exportName: string; probe: PolicyEntry["probe"] },
  fixture: ProbeFixture,
  headers: Headers,
  load: (file: string) => Promise<Record<string, unknown>> = exportsOf,
): Promise<Outcome> {
  request.headers = headers;
  request.cookies.clear();
  const exported = (await load(entry.file))[entry.exportName];
  if (typeof exported !== "function") throw new Error(`${keyOf(entry)} is not a function`);
  const target = exported as (...parameters: unknown[]) => Promise<unknown>;
  if (entry.kind === "route") {
    const probe = entry.probe as Extract<PolicyEntry, { kind: "route" }>["probe"];
    const body = probe.body?.(fixture);
    const init: RequestInit = { method: entry.exportName, headers };
    if (body instanceof Uint8Array) {
      init.body = body as Uint8Array<ArrayBuffer>;
      headers.set("content-type", "application/octet-stream");
    } else if (body !== undefined) {
      init.body = JSON.stringify(body);
      headers.set("content-type", "application/json");
    }
    const routeRequest = new Request(`http://localhost:3000${probe.path(fixture)}`, init);
    return outcomeOf(() => target(routeRequest, { params: Promise.resolve(probe.params?.(fixture) ?? {}) }));
  }
  if (entry.kind === "action") {
    const probe = entry.probe as Extract<PolicyEntry, { kind: "action" }>["probe"];
    return outcomeOf(() => target(...probe.arguments(fixture)));
  }
  const probe = entry.probe as Extract<PolicyEntry, { kind: "page" }>["probe"];
  return outcomeOf(() =>
    target({ params: Promise.resolve(probe.params?.(fixture) ?? {}), searchParams: Promise.resolve(probe.searchParams?.(fixture) ?? {}) }),
  );
}

/** True when an outcome is the refusal a wrong person must get for this kind of entry. */
function isRefusal(kind: PolicyEntry["kind"], outcome: Outcome, expected: { code: string; status: number }): boolean {
  if (kind === "page") {
    if (expected.code === "unauthorized:auth") return outcome.type === "redirect" && outcome.to.startsWith(SIGN_IN_REDIRECT);
    return outcome.type === "not-found";
  }
  if (outcome.type === "refused" || outcome.type === "returned") return outcome.code === expected.code;
  if (outcome.type === "http") return outcome.status === expected.status && outcome.code === expected.code;
  return false;
}

/** True when an outcome says the right person got through (no refusal of any kind). */
function isAdmitted(outcome: Outcome): boolean {
  if (outcome.type === "crashed" || outcome.type === "not-found") return false;
  if (outcome.type === "redirect") return !outcome.to.startsWith(SIGN_IN_REDIRECT);
  if (outcome.type === "refused") return !/^(unauthorized|forbidden|not_found):/.test(outcome.code);
  if (outcome.type === "http") return outcome.status < 400;
  return outcome.code === undefined || !/^(unauthorized|forbidden|not_found):/.test(outcome.code);
}

type People = {
  /** The owner of every fixture. */
  victimUserId: string;
  /** The victim's chat that every refusal is tried on (a refused call changes nothing). */
  fixture: ProbeFixture;
  /** A new chat of the victim for each admitted call, so a destructive one (deleteChat) leaves the shared fixture alone. */
  freshFixture: () => Promise<ProbeFixture>;
  stranger: Headers;
  otherUser: Headers;
  /** A person the victim's comparison run is shared with (read-only). */
  sharee: Headers;
  guest: Headers;
  /** A fresh session of the victim (the chat's owner) for each admitted call, so sign-out cannot end the shared one. */
  owner: () => Promise<Headers>;
  admin: () => Promise<Headers>;
};

let people: People;

beforeAll(async () => {
  const auth = await getAuth();
  const victim = await signUpPerson(auth, { name: "Victim" });
  const other = await signUpPerson(auth, { name: "Other" });
  const sharee = await signUpPerson(auth, { name: "Sharee" });
  const admin = await signUpPerson(auth, { name: "Admin", email: ADMIN_EMAIL });
  // A listed address is admin only once verified; this one is granted out of band instead.
  await grantAdmin({ email: admin.email });
  const guest = await signInGuest(auth);
  // A finished batch recompile check of the admin's, for the run page and route.
  const recompileRunId = crypto.randomUUID();
  await createRecompileRun({ id: recompileRunId, actorUserId: admin.userId, filter: {}, total: 0 });
  let waitingImageId: string | undefined;
  const victimChat = async (): Promise<ProbeFixture> => {
    const chat = await createChat({ userId: victim.userId, title: "Victim's chat", modelId: "replay" });
    // A reply with a ```ui block that reads the project (a query and a chip), as the chat core stores one.
    const messageId = crypto.randomUUID();
    // The prompt the reply answers: a typed message to edit, and what a regenerate answers again.
    const upload = await storePendingAttachment({
      userId: victim.userId,
      attachment: { id: newAttachmentId(), mediaType: "image/png", name: "probe.png", bytes: solidPng(4, 4) },
      maxPending: 100,
    });
    if (upload.kind !== "stored") throw new Error("the probe's image was not stored");
    const attachmentId = upload.attachment.id;
    // One waiting image for every fixture: a new one each time would fill the victim's cap of waiting images before the upload's own probe.
    if (waitingImageId === undefined) {
      const pending = await storePendingAttachment({
        userId: victim.userId,
        attachment: { id: newAttachmentId(), mediaType: "image/png", name: "waiting.png", bytes: solidPng(2, 2) },
        maxPending: 100,
      });
      if (pending.kind !== "stored") throw new Error("the probe's waiting image was not stored");
      waitingImageId = pending.attachment.id;
    }
    const pendingAttachmentId: string = waitingImageId;
    const prompt = await appendMessage({ userId: victim.userId, chatId: chat.id, message: { role: "user", text: "Show me the sales", attachmentIds: [attachmentId] } });
    const ui = compileUi(PROBE_REPLY, { id: messageId, final: true, querySchemas: PROJECT_QUERY_SCHEMAS, now: () => 0 }).map((block) => ({ ...block, revision: 1 }));
    // An open host action proposal of the reply: its audit row, and its card among the reply's tools.
    const proposal = await proposeHostActionOnce({
      attempt: { userId: victim.userId, actorName: "Victim", chatId: chat.id, messageId, projectId: "demo", action: "file_issue", idempotencyKey: `probe-${messageId}`, input: { title: "Probe", body: "", labels: [] } },
    });
    if (proposal.kind !== "proposed") throw new Error("the probe's proposal was not recorded");
    const proposalCard = { id: "probe-call", name: "file_issue", textOffset: 0, ok: false, state: "proposed", line: "File issue 'Probe' on project Demo as Victim", proposalId: proposal.proposalId };
    const genui = { fences: genuiFenceRecords(PROBE_REPLY), tools: [proposalCard] };
    const message = await appendMessage({ userId: victim.userId, chatId: chat.id, message: { id: messageId, role: "assistant", text: PROBE_REPLY, ui: ui as never, genui: genui as never } });
    const panelId = "sales";
    await upsertPanelState({ userId: victim.userId, chatId: chat.id, panelId, revision: 1, messageId: message!.id, state: {} });
    const page = "<!doctype html><p>The victim's page</p>";
    const artifact = await storeArtifactVersion({
      userId: victim.userId,
      chatId: chat.id,
      path: "page.html",
      kind: "html",
      content: page,
      sizeBytes: page.length,
      messageId: message!.id,
      tool: "write_file",
      caps: { artifactsPerChat: 50, versionsPerArtifact: 100, chatBytes: 1_000_000 },
    });
    if (artifact.kind !== "stored") throw new Error(`the probe's artifact was not stored: ${artifact.kind}`);
    // A comparison run of the victim's with two panes (nothing generated), shared with the sharee.
    const compareRunId = crypto.randomUUID();
    const compare = await createCompareRun({
      run: { id: compareRunId, userId: victim.userId, prompt: "Show the build status", settings: {}, tag: "probe", blind: true, parentRunId: null },
      chatSettings: {},
      panes: ["A", "B"].map((label, slot) => ({ id: crypto.randomUUID(), chatId: crypto.randomUUID(), slot, sample: 0, label, modelId: "replay:default", chatTitle: `pane ${label}` })),
    });
    await addCompareShare({ runId: compareRunId, userId: sharee.userId });
    return {
      chatId: chat.id,
      messageId: message!.id,
      promptId: prompt!.id,
      panelId,
      blockId: ui[0]!.id,
      proposalId: proposal.proposalId,
      artifactId: artifact.artifact.id,
      attachmentId,
      pendingAttachmentId,
      recompileRunId,
      compareRunId,
      comparePaneId: compare.panes[0]!.id,
    };
  };
  people = {
    victimUserId: victim.userId,
    fixture: await victimChat(),
    freshFixture: victimChat,
    stranger: requestHeaders(),
    otherUser: other.headers,
    sharee: sharee.headers,
    guest: guest.headers,
    owner: () => signInPerson(auth, victim),
    admin: () => signInPerson(auth, admin),
  };
}, 60_000);

/** The wrong people for an access level, each with the refusal they must get. */
function wrongPeople(access: PolicyEntry["access"]): { who: string; headers: () => Headers; code: string; status: number }[] {
  const stranger = { who: "a stranger", headers: () => people.stranger, code: "unauthorized:auth", status: 401 };
  if (access === "signed-in") return [stranger];
  if (access === "chat-owner") {
    return [
      stranger,
      { who: "another user", headers: () => people.otherUser, code: "not_found:chat", status: 404 },
      { who: "a guest", headers: () => people.guest, code: "not_found:chat", status: 404 },
    ];
  }
  if (access === "compare-viewer" || access === "compare-owner") {
    return [
      stranger,
      { who: "another user", headers: () => people.otherUser, code: "not_found:compare", status: 404 },
      { who: "a guest", headers: () => people.guest, code: "not_found:compare", status: 404 },
      // A shared run is read-only: the person it is shared with may read it, never change it.
      ...(access === "compare-owner" ? [{ who: "the person it is shared with", headers: () => people.sharee, code: "not_found:compare", status: 404 }] : []),
    ];
  }
  if (access === "admin") {
    return [
      stranger,
      { who: "a signed-in user", headers: () => people.otherUser, code: "not_found:admin", status: 404 },
      { who: "a guest", headers: () => people.guest, code: "not_found:admin", status: 404 },
    ];
  }
  return [];
}

describe("the policy registry", () => {
  it("lists exactly the route handlers, server actions and pages the code has", async () => {
    const { keys, inlineActions } = await declaredEntries();
    expect(inlineActions, "server actions must live in \"use server\" modules so they can be listed").toEqual([]);
    const registered = policyRegistry.map(keyOf).sort();
    expect(new Set(registered).size, "no entry listed twice").toBe(registered.length);
    const missing = keys.filter((key) => !registered.includes(key));
    const stale = registered.filter((key) => !keys.includes(key));
    expect(missing, "add these to lib/auth/registry.ts").toEqual([]);
    expect(stale, "these are listed but the code no longer has them").toEqual([]);
  }, 60_000);

  it("says for every entry how it authorizes, and keeps public entries to the reviewed few", () => {
    for (const entry of policyRegistry) {
      expect(entry.note.length, keyOf(entry)).toBeGreaterThan(10);
      if (entry.access === "public") expect(REVIEWED_PUBLIC.has(keyOf(entry)), `${keyOf(entry)} is public but not reviewed`).toBe(true);
    }
  });

  describe.each(policyRegistry.map((entry) => [keyOf(entry), entry] as const))("%s", (_key, entry) => {
    if (entry.access === "public") {
      it("serves a stranger without crashing", async () => {
        const outcome = await callEntry(entry, people.fixture, requestHeaders());
        expect(outcome.type, JSON.stringify(outcome)).not.toBe("crashed");
        if (outcome.type === "http") expect(outcome.status).toBeLessThan(500);
        if (outcome.type === "refused" || outcome.type === "returned") expect(outcome.code ?? "").not.toMatch(/^internal:/);
      });
      return;
    }

    for (const wrong of wrongPeople(entry.access)) {
      it(`refuses ${wrong.who} with ${wrong.code}`, async () => {
        const outcome = await callEntry(entry, people.fixture, wrong.headers());
        expect(isRefusal(entry.kind, outcome, wrong), JSON.stringify(outcome)).toBe(true);
      });
    }

    it("admits the right person", async () => {
      const headers = entry.access === "admin" ? await people.admin() : await people.owner();
      const outcome = await callEntry(entry, await people.freshFixture(), headers);
      expect(isAdmitted(outcome), JSON.stringify(outcome, (_name, value: unknown) => (value instanceof Error ? value.stack : value))).toBe(true);
    });

    if (entry.access === "compare-viewer") {
      it("admits the person the run is shared with", async () => {
        const outcome = await callEntry(entry, await people.freshFixture(), people.sharee);
        expect(isAdmitted(outcome), JSON.stringify(outcome)).toBe(true);
      });
    }
  });
});

describe("the wrong-user probe itself", () => {
  // Two chat-owner route handlers that exist only here: one authorizes through
  // the policy, one forgets to. The probe must pass the first and catch the second.
  const controls: Record<string, Record<string, unknown>> = {
    "control/authorized.ts": {
      GET: async (routeRequest: Request, context: { params: Promise<{ chatId: string }> }) => {
        try {
          const actor = await requireActor({ headers: routeRequest.headers });
          const chat = await authorizeChat(actor, (await context.params).chatId, "read");
          return Response.json({ title: chat.title });
        } catch (caught) {
          return toErrorResponse(caught);
        }
      },
    },
    "control/leaky.ts": {
      GET: async (routeRequest: Request, context: { params: Promise<{ chatId: string }> }) => {
        try {
          await requireActor({ headers: routeRequest.headers });
          return Response.json({ chatId: (await context.params).chatId, title: "Victim's chat" });
        } catch (caught) {
          return toErrorResponse(caught);
        }
      },
    },
  };
  const probe = { path: (fixture: ProbeFixture) => `/api/chats/${fixture.chatId}`, params: (fixture: ProbeFixture) => ({ chatId: fixture.chatId }) };
  const load = async (file: string) => controls[file] ?? {};

  it("passes a handler that authorizes through the policy", async () => {
    const entry = { kind: "route" as const, file: "control/authorized.ts", exportName: "GET", probe };
    for (const wrong of wrongPeople("chat-owner")) {
      expect(isRefusal("route", await callEntry(entry, people.fixture, wrong.headers(), load), wrong), wrong.who).toBe(true);
    }
    expect(isAdmitted(await callEntry(entry, people.fixture, await people.owner(), load))).toBe(true);
  });

  it("catches a handler that forgets authorizeChat", async () => {
    const entry = { kind: "route" as const, file: "control/leaky.ts", exportName: "GET", probe };
    const verdicts = [];
    for (const wrong of wrongPeople("chat-owner")) {
      verdicts.push(isRefusal("route", await callEntry(entry, people.fixture, wrong.headers(), load), wrong));
    }
    // The stranger is still refused (requireActor), but another user and a guest read the chat: caught.
    expect(verdicts).toEqual([true, false, false]);
  });
});

// -- fuzzed input ---------------------------------------------------------------

/** Runs per entry and person: enough to reach every validation branch of a body, few enough for CI (53 entries, two people). */
const FUZZ_RUNS = 12;

/** Text that must never reach a client: a stack frame, a driver's or the database's words, a query. */
const LEAK_PATTERN = /\n\s+at \S|\bat (?:async )?\S+ \(|PostgresError|PGlite|DrizzleQueryError|syntax error at|\bviolates\b|\brelation "|\bSELECT\b[\s\S]*\bFROM\b|\bINSERT INTO\b|\bUPDATE\b[\s\S]*\bSET\b/;

/** A value a hostile client could put anywhere JSON goes, prototype keys and huge text included. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: "small" },
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom("", " ", "../../etc/passwd", "__proto__", "null", "' OR 1=1 --", "\u0000", "\ud800", "x".repeat(70_000), -1, 1e308, 2 ** 53 + 1),
  fc.constant(JSON.parse('{"__proto__": {"admin": true}, "constructor": {"prototype": {}}}') as unknown),
);

/** A path segment a hostile client could send. */
const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom("", "..", "%00", "\u0000", "\ud800", "x".repeat(5_000), "00000000-0000-0000-0000-000000000000", "1e9", "-1", "NaN"),
);

/** The probe's own value with some of its fields (at any depth up to two) replaced or removed. */
function mutated(original: unknown): fc.Arbitrary<unknown> {
  if (Array.isArray(original)) return fc.oneof(hostileValue, fc.tuple(...original.map((item) => fc.oneof(fc.constant(item), hostileValue))));
  if (typeof original !== "object" || original === null || original instanceof Uint8Array) return fc.oneof(fc.constant(original), hostileValue);
  const entries = Object.entries(original);
  const fields = Object.fromEntries(
    entries.map(([key, value]) => [key, fc.oneof(fc.constant(value), hostileValue, fc.constant(undefined), typeof value === "object" && value !== null ? mutated(value) : hostileValue)]),
  );
  return fc.oneof(hostileValue, fc.record(fields));
}

/** The rows of `query`, whichever driver answered (postgres-js returns an array, PGlite an object with `rows`). */
function rowsOf<Row>(result: unknown): Row[] {
  return Array.isArray(result) ? (result as Row[]) : ((result as { rows?: Row[] }).rows ?? []);
}

/**
 * A digest of the victim's shared fixture: its chat and every row that names
 * the chat, its comparison run, and the victim's own account rows (sessions
 * aside, which their sign-ins add). Only the shared fixture: replies the
 * owner's fuzzed calls start on fresh fixtures go on storing after their test.
 */
async function victimDigest(): Promise<string> {
  const database = await getDatabase();
  const { chatId, compareRunId } = people.fixture;
  const digest = (rows: unknown) => sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from (${rows}) t`;
  const chatTables = rowsOf<{ table_name: string }>(
    await database.execute(sql`select table_name from information_schema.columns where column_name = 'chat_id' and table_schema = current_schema() order by table_name`),
  ).map((row) => row.table_name);
  const parts: string[] = [];
  const add = async (name: string, rows: unknown) => {
    parts.push(`${name}:${rowsOf<{ digest: string }>(await database.execute(digest(rows)))[0]?.digest ?? ""}`);
  };
  await add("chats", sql`select * from chats where id = ${chatId}`);
  for (const name of chatTables) await add(name, sql`select * from ${sql.identifier(name)} where chat_id = ${chatId}`);
  await add("compare_runs", sql`select * from compare_runs where id = ${compareRunId}`);
  await add("compare_panes", sql`select * from compare_panes where run_id = ${compareRunId}`);
  await add("users", sql`select * from users where id = ${people.victimUserId}`);
  await add("user_preferences", sql`select * from user_preferences where user_id = ${people.victimUserId}`);
  return parts.join(" ");
}

/** Calls a route handler or server action with fuzzed input; returns what a client would see, as text. */
async function callFuzzed(
  entry: Extract<PolicyEntry, { kind: "route" | "action" }>,
  fixture: ProbeFixture,
  headers: Headers,
  input: { body?: unknown; rawBody?: string; params?: Record<string, unknown>; arguments?: unknown[] },
): Promise<{ outcome: Outcome; seen: string }> {
  request.headers = headers;
  request.cookies.clear();
  const target = (await exportsOf(entry.file))[entry.exportName] as (...parameters: unknown[]) => Promise<unknown>;
  let seen = "";
  const outcome = await outcomeOf(async () => {
    let result: unknown;
    if (entry.kind === "route") {
      const init: RequestInit = { method: entry.exportName, headers: new Headers(headers) };
      const requestHeaders = init.headers as Headers;
      if (input.rawBody !== undefined) {
        init.body = input.rawBody;
        requestHeaders.set("content-type", "application/json");
      } else if (input.body instanceof Uint8Array) {
        init.body = input.body as Uint8Array<ArrayBuffer>;
        requestHeaders.set("content-type", "application/octet-stream");
      } else if (input.body !== undefined) {
        init.body = JSON.stringify(input.body);
        requestHeaders.set("content-type", "application/json");
      }
      if (entry.exportName === "GET" || entry.exportName === "HEAD") delete init.body;
      result = await target(new Request(`http://localhost:3000${entry.probe.path(fixture)}`, init), { params: Promise.resolve(input.params ?? {}) });
      if (result instanceof Response) seen = await result.clone().text();
    } else {
      result = await target(...(input.arguments ?? []));
      seen = JSON.stringify(result) ?? "";
    }
    return result;
  });
  if (outcome.type === "refused") seen += ` ${outcome.code}`;
  if (outcome.type === "crashed") seen += ` ${outcome.error instanceof Error ? `${outcome.error.message}\n${outcome.error.stack}` : String(outcome.error)}`;
  return { outcome, seen };
}

/** Fuzzed input for one entry: a body (mutated or raw text) and path segments, or the action's arguments. */
function fuzzedInput(entry: Extract<PolicyEntry, { kind: "route" | "action" }>, fixture: ProbeFixture): fc.Arbitrary<Parameters<typeof callFuzzed>[3]> {
  if (entry.kind === "action") {
    const original = entry.probe.arguments(fixture);
    return fc
      .oneof(fc.tuple(...original.map((argument) => mutated(argument))), fc.array(hostileValue, { maxLength: 4 }))
      .map((values) => ({ arguments: values }));
  }
  const params = entry.probe.params?.(fixture) ?? {};
  // Next.js hands a handler its path segments as text (a catch-all as a list of text): hostile text, never other types.
  const paramArbitrary = fc.record(
    Object.fromEntries(
      Object.entries(params).map(([key, value]) => [key, fc.oneof({ weight: 3, arbitrary: fc.constant(value) }, Array.isArray(value) ? fc.array(hostileSegment, { maxLength: 3 }) : hostileSegment)]),
    ),
  );
  const original = entry.probe.body?.(fixture);
  const body: fc.Arbitrary<{ body?: unknown; rawBody?: string }> =
    original === undefined
      ? fc.constant({})
      : fc.oneof(mutated(original).map((value) => ({ body: value })), fc.string({ maxLength: 200 }).map((text) => ({ rawBody: text })));
  return fc.tuple(body, paramArbitrary).map(([chosen, chosenParams]) => ({ ...chosen, params: chosenParams }));
}

function expectNoLeak(entry: PolicyEntry, result: { outcome: Outcome; seen: string }): void {
  const label = `${keyOf(entry)}: ${result.seen.slice(0, 600)}`;
  expect(result.outcome.type, label).not.toBe("crashed");
  if (result.outcome.type === "http") expect(result.outcome.status, label).toBeLessThan(500);
  if (result.outcome.type === "refused" || result.outcome.type === "returned") expect(result.outcome.code ?? "", label).not.toMatch(/^internal:/);
  expect(result.seen, label).not.toMatch(LEAK_PATTERN);
}

/**
 * Entries fuzzed: every route handler and server action except better-auth's
 * own handler (its library's input handling, not ours), the diagram frame's
 * static page and script (no input; their text is code), and sign-out (it
 * ends the session the next run needs).
 */
const FUZZED = policyRegistry.filter(
  (entry): entry is Extract<PolicyEntry, { kind: "route" | "action" }> =>
    (entry.kind === "route" || entry.kind === "action") &&
    !entry.file.startsWith("app/api/auth/[...all]") &&
    !entry.file.startsWith("app/diagram-frame/") &&
    entry.exportName !== "signOut",
);

describe("every route handler and server action with fuzzed input", () => {
  describe.each(FUZZED.map((entry) => [keyOf(entry), entry] as const))("%s", (_key, entry) => {
    it("never crashes, leaks or changes the victim's data when another person sends it", async () => {
      const headers = entry.access === "public" ? requestHeaders() : people.otherUser;
      const before = await victimDigest();
      await fc.assert(
        fc.asyncProperty(fuzzedInput(entry, people.fixture), async (input) => {
          expectNoLeak(entry, await callFuzzed(entry, people.fixture, headers, input));
        }),
        { numRuns: FUZZ_RUNS, seed: 20261204 },
      );
      expect(await victimDigest(), "another person's fuzzed calls changed the victim's data").toBe(before);
    }, 120_000);

    if (entry.access === "public") return;
    it("never crashes or leaks when the right person sends it", async () => {
      const fixture = await people.freshFixture();
      const headers = entry.access === "admin" ? await people.admin() : await people.owner();
      await fc.assert(
        fc.asyncProperty(fuzzedInput(entry, fixture), async (input) => {
          expectNoLeak(entry, await callFuzzed(entry, fixture, headers, input));
        }),
        { numRuns: FUZZ_RUNS, seed: 20261204 },
      );
    }, 120_000);
  });
});
