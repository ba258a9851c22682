/**
 * Every route handler, server action and page of the app, with how it
 * authorizes. `registry.test.ts` checks the list against the files under
 * `app/` (nothing missing, nothing stale) and calls each entry as the wrong
 * person: a stranger for `signed-in`, another user for `chat-owner`, a
 * non-admin for `admin`. Adding a route, action or page means adding it here.
 */

/**
 * Who may call an entry:
 * - `public`: anyone (sign-in forms, better-auth's own endpoints);
 * - `signed-in`: any actor, guests included (`requireActor`);
 * - `chat-owner`: the owner of the chat named in the input (`authorizeChat`), others get `not_found:chat`;
 * - `admin`: admins only (`requireAdmin`), others get `not_found:admin` (pages: the 404 page);
 * - `compare-viewer`: the owner of the comparison run named in the input, or a person it is shared with (`authorizeCompareRun` read); others get `not_found:compare`;
 * - `compare-owner`: the run's owner only (`authorizeCompareRun` write); a person it is shared with gets `not_found:compare` like anyone else.
 */
export type PolicyAccess = "public" | "signed-in" | "chat-owner" | "admin" | "compare-viewer" | "compare-owner";

/** Ids of a chat that belongs to the victim of a wrong-user probe, for building inputs. */
export type ProbeFixture = {
  chatId: string;
  messageId: string;
  /** The typed prompt that message answers. */
  promptId: string;
  panelId: string;
  /** A stored ```ui block of that message that declares the query `runs` (the `tests` source) and shows a `File` chip. */
  blockId: string;
  /** An HTML artifact of that chat, with one version (written by that message). */
  artifactId: string;
  /** An open host action proposal of that message (a `file_issue` card and its `proposed` row). */
  proposalId: string;
  /** An image attached to that chat's prompt. */
  attachmentId: string;
  /** An image of the victim's uploaded for no prompt yet. */
  pendingAttachmentId: string;
  /** A batch recompile check an admin started (the admin view's run page and route read it). */
  recompileRunId: string;
  /** A comparison run of the victim, shared with a third person, and one of its panes. */
  compareRunId: string;
  comparePaneId: string;
};

/** How to call a route handler in a probe. */
export type RouteProbe = {
  /** The URL path with its dynamic segments filled in. */
  path: (fixture: ProbeFixture) => string;
  /** The handler's `params` (the dynamic segments by name). */
  params?: (fixture: ProbeFixture) => Record<string, string | string[]>;
  /** A body, for methods that take one: bytes are sent as they are, anything else as JSON. */
  body?: (fixture: ProbeFixture) => unknown;
};

/** How to call a server action in a probe: its arguments. */
export type ActionProbe = {
  arguments: (fixture: ProbeFixture) => unknown[];
};

/** How to render a page in a probe. */
export type PageProbe = {
  params?: (fixture: ProbeFixture) => Record<string, string | string[]>;
  searchParams?: (fixture: ProbeFixture) => Record<string, string>;
};

type EntryBase = {
  /** The file under the project root, e.g. `app/api/auth/[...all]/route.ts`. */
  file: string;
  access: PolicyAccess;
  /** One line: how it authorizes, or why it is public. */
  note: string;
};

/** One registered route handler, server action or page. */
export type PolicyEntry =
  | (EntryBase & { kind: "route"; /** The HTTP method export. */ exportName: string; probe: RouteProbe })
  | (EntryBase & { kind: "action"; /** The exported function. */ exportName: string; probe: ActionProbe })
  | (EntryBase & { kind: "page"; exportName: "default"; probe: PageProbe });

/** The first bytes of a 1×1 PNG: enough for the upload's type check to take it as an image. */
const PROBE_PNG_HEADER = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1]);

/** Every route handler, server action and page, with how it authorizes. */
export const policyRegistry: readonly PolicyEntry[] = [
  // better-auth's endpoints: it authenticates each one itself (sign-in/up are public by nature).
  {
    kind: "route",
    file: "app/api/auth/[...all]/route.ts",
    exportName: "GET",
    access: "public",
    note: "better-auth's own endpoints (session, sign-out); it checks the session cookie itself",
    probe: { path: () => "/api/auth/get-session", params: () => ({ all: ["get-session"] }) },
  },
  {
    kind: "route",
    file: "app/api/auth/[...all]/route.ts",
    exportName: "POST",
    access: "public",
    note: "better-auth's own endpoints (sign-in, sign-up, guest); it checks origin and session itself",
    probe: { path: () => "/api/auth/sign-out", params: () => ({ all: ["sign-out"] }), body: () => ({}) },
  },
  {
    kind: "action",
    file: "app/(auth)/_actions/sign-up.ts",
    exportName: "signUp",
    access: "public",
    note: "creates an account; a guest's chats move to it",
    probe: { arguments: () => [undefined, new FormData()] },
  },
  {
    kind: "action",
    file: "app/(auth)/_actions/sign-in.ts",
    exportName: "signIn",
    access: "public",
    note: "checks email and password through better-auth",
    probe: { arguments: () => [undefined, new FormData()] },
  },
  {
    kind: "action",
    file: "app/(auth)/_actions/continue-as-guest.ts",
    exportName: "continueAsGuest",
    access: "public",
    note: "starts a guest session (the newcomer's path)",
    probe: { arguments: () => [undefined, new FormData()] },
  },
  {
    kind: "action",
    file: "app/(auth)/_actions/sign-out.ts",
    exportName: "signOut",
    access: "signed-in",
    note: "requireActor, then ends the session",
    probe: { arguments: () => [] },
  },
  {
    kind: "page",
    file: "app/(auth)/sign-in/page.tsx",
    exportName: "default",
    access: "public",
    note: "the sign-in form",
    probe: {},
  },
  {
    kind: "page",
    file: "app/(auth)/sign-up/page.tsx",
    exportName: "default",
    access: "public",
    note: "the sign-up form",
    probe: {},
  },
  {
    kind: "page",
    file: "app/(auth)/guest/page.tsx",
    exportName: "default",
    access: "public",
    note: "one button: continue as guest",
    probe: {},
  },
  // Address verification: the link itself is better-auth's (GET /api/auth/verify-email, above); it lands here.
  {
    kind: "page",
    file: "app/(auth)/verify-email/page.tsx",
    exportName: "default",
    access: "signed-in",
    note: "requireActor through guardPage; shows only the caller's own address and whether it is verified",
    probe: { searchParams: () => ({ error: "INVALID_TOKEN" }) },
  },
  {
    kind: "action",
    file: "app/(auth)/_actions/resend-verification.ts",
    exportName: "resendVerification",
    access: "signed-in",
    note: "requireActor; sends a new link only to the caller's own stored address (guests have none)",
    probe: { arguments: () => [undefined, new FormData()] },
  },
  {
    kind: "page",
    file: "app/(chat)/page.tsx",
    exportName: "default",
    access: "signed-in",
    note: "requireActor through guardPage; strangers go to sign-in",
    probe: {},
  },
  {
    kind: "page",
    file: "app/(chat)/chat/[id]/page.tsx",
    exportName: "default",
    access: "chat-owner",
    note: "requireActor + getChatSnapshot (authorizeChat) through guardPage; another user's chat is a 404",
    probe: { params: (fixture) => ({ id: fixture.chatId }) },
  },
  {
    kind: "page",
    file: "app/(compare)/compare/page.tsx",
    exportName: "default",
    access: "signed-in",
    note: "requireActor through guardPage",
    probe: {},
  },
  {
    kind: "page",
    file: "app/(compare)/compare/[id]/page.tsx",
    exportName: "default",
    access: "compare-viewer",
    note: "requireActor + authorizeCompareRun (read) through guardPage; a run neither mine nor shared with me is a 404",
    probe: { params: (fixture) => ({ id: fixture.compareRunId }) },
  },
  {
    kind: "page",
    file: "app/(compare)/compare/leaderboard/page.tsx",
    exportName: "default",
    access: "signed-in",
    note: "requireActor through guardPage; ratings are aggregates of every counted vote, no run or reply is shown",
    probe: { searchParams: () => ({ tag: "ui" }) },
  },
  {
    kind: "route",
    file: "app/api/compare/[id]/route.ts",
    exportName: "GET",
    access: "compare-viewer",
    note: "requireActor + authorizeCompareRun (read) in the service",
    probe: { path: (fixture) => `/api/compare/${fixture.compareRunId}`, params: (fixture) => ({ id: fixture.compareRunId }) },
  },
  {
    kind: "route",
    file: "app/api/compare/[id]/panes/[paneId]/events/route.ts",
    exportName: "GET",
    access: "compare-viewer",
    note: "requireActor + authorizeCompareRun (read) before the stream opens; the pane must be the run's",
    probe: {
      path: (fixture) => `/api/compare/${fixture.compareRunId}/panes/${fixture.comparePaneId}/events`,
      params: (fixture) => ({ id: fixture.compareRunId, paneId: fixture.comparePaneId }),
    },
  },
  {
    kind: "route",
    file: "app/api/compare/[id]/export/route.ts",
    exportName: "GET",
    access: "compare-owner",
    note: "requireActor + authorizeCompareRun (write): only the owner exports a run",
    probe: { path: (fixture) => `/api/compare/${fixture.compareRunId}/export`, params: (fixture) => ({ id: fixture.compareRunId }) },
  },
  {
    kind: "route",
    file: "app/api/compare/export/route.ts",
    exportName: "GET",
    access: "signed-in",
    note: "requireActor; the export holds only the asker's own runs (the query is scoped by user id)",
    probe: { path: () => "/api/compare/export" },
  },
  {
    kind: "action",
    file: "app/(compare)/compare/actions.ts",
    exportName: "startCompareRun",
    access: "signed-in",
    note: "requireActor; the run and its pane chats are the asker's",
    probe: { arguments: () => [{ prompt: "Show the build status", models: ["replay:default", "replay:default"], samples: 1, blind: true }] },
  },
  ...(["rerunCompareRun"] as const).map(
    (exportName): PolicyEntry => ({
      kind: "action",
      file: "app/(compare)/compare/actions.ts",
      exportName,
      access: "compare-owner",
      note: "requireActor + authorizeCompareRun (write) in the service",
      probe: { arguments: (fixture) => [{ runId: fixture.compareRunId }] },
    }),
  ),
  ...(["stopComparePane", "retryComparePane"] as const).map(
    (exportName): PolicyEntry => ({
      kind: "action",
      file: "app/(compare)/compare/actions.ts",
      exportName,
      access: "compare-owner",
      note: "requireActor + authorizeCompareRun (write) in the service; the pane must be the run's",
      probe: { arguments: (fixture) => [{ runId: fixture.compareRunId, paneId: fixture.comparePaneId }] },
    }),
  ),
  {
    kind: "action",
    file: "app/(compare)/compare/actions.ts",
    exportName: "voteCompareRun",
    access: "compare-owner",
    note: "requireActor + authorizeCompareRun (write) in the service; a shared viewer cannot vote",
    probe: { arguments: (fixture) => [{ runId: fixture.compareRunId, kind: "best", best: fixture.comparePaneId }] },
  },
  {
    kind: "action",
    file: "app/(compare)/compare/actions.ts",
    exportName: "shareCompareRun",
    access: "compare-owner",
    note: "requireActor + authorizeCompareRun (write) in the service",
    probe: { arguments: (fixture) => [{ runId: fixture.compareRunId, email: "nobody@example.com" }] },
  },
  {
    kind: "action",
    file: "app/(compare)/compare/actions.ts",
    exportName: "revokeCompareShare",
    access: "compare-owner",
    note: "requireActor + authorizeCompareRun (write) in the service",
    probe: { arguments: (fixture) => [{ runId: fixture.compareRunId, userId: "nobody" }] },
  },
  // The admin view (lib/admin): every page, route and action is requireActor + requireAdmin; anyone else is not found.
  {
    kind: "page",
    file: "app/(admin)/admin/page.tsx",
    exportName: "default",
    access: "admin",
    note: "requireActor + requireAdmin through guardPage, then a redirect to /admin/trees; non-admins get a 404",
    probe: {},
  },
  {
    kind: "page",
    file: "app/(admin)/admin/trees/page.tsx",
    exportName: "default",
    access: "admin",
    note: "requireActor + requireAdmin through guardPage before any read; the queries check the admin role again in SQL",
    probe: { searchParams: () => ({ model: "replay", sort: "nodes" }) },
  },
  {
    kind: "page",
    file: "app/(admin)/admin/trees/[messageId]/page.tsx",
    exportName: "default",
    access: "admin",
    note: "requireActor + requireAdmin through guardPage before the tree is read or the view is audited; non-admins get a 404",
    probe: { params: (fixture) => ({ messageId: fixture.messageId }) },
  },
  {
    kind: "page",
    file: "app/(admin)/admin/audit/page.tsx",
    exportName: "default",
    access: "admin",
    note: "requireActor + requireAdmin through guardPage; the log is read-only",
    probe: {},
  },
  {
    kind: "page",
    file: "app/(admin)/admin/recompile/[runId]/page.tsx",
    exportName: "default",
    access: "admin",
    note: "requireActor + requireAdmin through guardPage before the run is read",
    probe: { params: (fixture) => ({ runId: fixture.recompileRunId }) },
  },
  {
    kind: "action",
    file: "app/(admin)/admin/actions.ts",
    exportName: "recompileTree",
    access: "admin",
    note: "requireActor + requireAdmin, then recompiles one stored tree and audits it",
    probe: { arguments: (fixture) => [{ messageId: fixture.messageId }] },
  },
  {
    kind: "route",
    file: "app/api/admin/trees/export/route.ts",
    exportName: "GET",
    access: "admin",
    note: "requireActor + requireAdmin before the export is audited and streamed",
    probe: { path: (fixture) => `/api/admin/trees/export?chat=${fixture.chatId}` },
  },
  {
    kind: "route",
    file: "app/api/admin/recompile-runs/route.ts",
    exportName: "POST",
    access: "admin",
    note: "requireActor + requireAdmin before a batch recompile check is started and audited",
    probe: { path: (fixture) => `/api/admin/recompile-runs?chat=${fixture.chatId}`, body: () => ({}) },
  },
  {
    kind: "route",
    file: "app/api/admin/recompile-runs/[runId]/route.ts",
    exportName: "GET",
    access: "admin",
    note: "requireActor + requireAdmin before the run's progress is read",
    probe: { path: (fixture) => `/api/admin/recompile-runs/${fixture.recompileRunId}`, params: (fixture) => ({ runId: fixture.recompileRunId }) },
  },
  // Developer galleries: fixtures only (no user data, no database), noindex.
  {
    kind: "page",
    file: "app/(dev)/gallery/page.tsx",
    exportName: "default",
    access: "public",
    note: "draws the hand-written fixtures/ui-examples replies; reads no user data",
    probe: {},
  },
  {
    kind: "page",
    file: "app/(dev)/gallery-genui/page.tsx",
    exportName: "default",
    access: "public",
    note: "draws the fixtures/genui-examples specs; reads no user data",
    probe: {},
  },
  {
    kind: "page",
    file: "app/(dev)/parity/page.tsx",
    exportName: "default",
    access: "public",
    note: "runs and draws the fixtures/parity vectors; reads no user data",
    probe: {},
  },
  {
    kind: "page",
    file: "app/(dev)/gallery-stream/page.tsx",
    exportName: "default",
    access: "public",
    note: "streams the two galleries' fixture replies into the reply view and checks each step; reads no user data",
    probe: {},
  },
  // The isolated diagram frame: the same fixed files for everyone, public by nature (a sandboxed frame sends no cookies).
  {
    kind: "route",
    file: "app/diagram-frame/route.ts",
    exportName: "GET",
    access: "public",
    note: "the sandboxed document mermaid draws diagrams in, under its own strict policy; the same page for everyone, reads no user data",
    probe: { path: () => "/diagram-frame" },
  },
  {
    kind: "route",
    file: "app/diagram-frame/mermaid.js/route.ts",
    exportName: "GET",
    access: "public",
    note: "mermaid's own bundle from node_modules for that document; a fixed file, reads no user data",
    probe: { path: () => "/diagram-frame/mermaid.js" },
  },
  // The chat core (lib/chat): actions authorize with requireActor, then authorizeChat for the chat they name.
  {
    kind: "action",
    file: "app/(chat)/actions.ts",
    exportName: "sendMessage",
    access: "chat-owner",
    note: "requireActor, then authorizeChat(write) for an existing chat; returns not_found:chat for another user's",
    probe: { arguments: (fixture) => [{ chatId: fixture.chatId, prompt: "Hello there", modelId: "replay:default" }] },
  },
  {
    kind: "action",
    file: "app/(chat)/actions.ts",
    exportName: "sendPanelAction",
    access: "chat-owner",
    note: "requireActor, then authorizeChat(write); the fence, button and panel are read from that chat's stored replies",
    // The probe reply (registry.test.ts) has one octo-ui fence, panel `sales`, whose first item is a button.
    probe: { arguments: (fixture) => [{ chatId: fixture.chatId, messageId: fixture.messageId, fenceIndex: 0, button: "items[0]", fields: {}, modelId: "replay:default" }] },
  },
  {
    kind: "action",
    file: "app/(chat)/actions.ts",
    exportName: "sendChoice",
    access: "chat-owner",
    note: "requireActor, then authorizeChat(write); the block and its choice are read from that chat's stored replies",
    // The probe reply's ```ui block offers the choice `probe`.
    probe: { arguments: (fixture) => [{ chatId: fixture.chatId, messageId: fixture.messageId, blockId: fixture.blockId, choiceId: "probe", values: {}, modelId: "replay:default" }] },
  },
  // A host action the model proposed (lib/host-actions/settle-proposal.ts): the proposal must be a card of that chat's stored reply.
  ...(["confirmHostAction", "dismissHostAction"] as const).map(
    (exportName): PolicyEntry => ({
      kind: "action",
      file: "app/_components/host-actions/actions.ts",
      exportName,
      access: "chat-owner",
      note: "requireActor, then authorizeChat(write) in settleProposal; the proposal is read from that chat's stored reply and its own audit row",
      probe: { arguments: (fixture) => [{ chatId: fixture.chatId, messageId: fixture.messageId, proposalId: fixture.proposalId }] },
    }),
  ),
  {
    kind: "action",
    file: "app/(chat)/actions.ts",
    exportName: "regenerateReply",
    access: "chat-owner",
    note: "requireActor, then authorizeChat(write); the reply and its prompt are read from that chat",
    probe: { arguments: (fixture) => [{ chatId: fixture.chatId, messageId: fixture.messageId, modelId: "replay:default" }] },
  },
  {
    kind: "action",
    file: "app/(chat)/actions.ts",
    exportName: "editMessage",
    access: "chat-owner",
    note: "requireActor, then authorizeChat(write); the prompt edited is read from that chat",
    probe: { arguments: (fixture) => [{ chatId: fixture.chatId, messageId: fixture.promptId, prompt: "Edited by the probe", modelId: "replay:default" }] },
  },
  {
    kind: "action",
    file: "app/(chat)/actions.ts",
    exportName: "showVersion",
    access: "chat-owner",
    note: "requireActor, then authorizeChat(write); the version is looked up within that chat",
    probe: { arguments: (fixture) => [{ chatId: fixture.chatId, messageId: fixture.messageId }] },
  },
  {
    kind: "action",
    file: "app/(chat)/actions.ts",
    exportName: "stopReply",
    access: "chat-owner",
    note: "requireActor, then authorizeChat(write) before stopping the chat's reply",
    probe: { arguments: (fixture) => [{ chatId: fixture.chatId }] },
  },
  {
    kind: "action",
    file: "app/(chat)/actions.ts",
    exportName: "createChat",
    access: "signed-in",
    note: "requireActor; the chat belongs to the caller",
    probe: { arguments: () => [{ title: "Probe chat" }] },
  },
  {
    kind: "action",
    file: "app/(chat)/actions.ts",
    exportName: "renameChat",
    access: "chat-owner",
    note: "requireActor, then authorizeChat(write) before renaming",
    probe: { arguments: (fixture) => [{ chatId: fixture.chatId, title: "Renamed by the probe" }] },
  },
  {
    kind: "action",
    file: "app/(chat)/actions.ts",
    exportName: "restorePanel",
    access: "chat-owner",
    note: "requireActor, then authorizeChat(write); the panel and the version restored are read from that chat's shown thread",
    probe: { arguments: (fixture) => [{ chatId: fixture.chatId, panelId: fixture.panelId, messageId: fixture.messageId, revision: 1 }] },
  },
  {
    kind: "action",
    file: "app/(chat)/actions.ts",
    exportName: "savePanelState",
    access: "chat-owner",
    note: "requireActor, then authorizeChat(write); the panel is looked up within that chat",
    probe: { arguments: (fixture) => [{ chatId: fixture.chatId, panelId: fixture.panelId, state: { fields: {}, tabs: {}, folds: {} } }] },
  },
  {
    kind: "action",
    file: "app/(chat)/chat-settings-actions.ts",
    exportName: "saveChatSettings",
    access: "chat-owner",
    note: "requireActor, then authorizeChat(write) before the input is even read; only a chat of the chat list (no comparison pane)",
    probe: { arguments: (fixture) => [{ chatId: fixture.chatId, settings: { systemAddition: "Answer in French.", temperature: 0.5 } }] },
  },
  {
    kind: "action",
    file: "app/(auth)/_actions/save-preferences.ts",
    exportName: "savePreferences",
    access: "signed-in",
    note: "requireActor; writes only the caller's own preferences row (theme, default model), guests included",
    probe: { arguments: () => [{ theme: "dark" }] },
  },
  {
    kind: "route",
    file: "app/api/chats/[id]/route.ts",
    exportName: "GET",
    access: "chat-owner",
    note: "requireActor, then authorizeChat(read) before reading the snapshot",
    probe: { path: (fixture) => `/api/chats/${fixture.chatId}`, params: (fixture) => ({ id: fixture.chatId }) },
  },
  {
    kind: "route",
    file: "app/api/chats/[id]/events/route.ts",
    exportName: "GET",
    access: "chat-owner",
    note: "requireActor, then authorizeChat(read) before the first event is sent",
    probe: { path: (fixture) => `/api/chats/${fixture.chatId}/events`, params: (fixture) => ({ id: fixture.chatId }) },
  },
  {
    kind: "route",
    file: "app/api/chats/[id]/stop/route.ts",
    exportName: "POST",
    access: "chat-owner",
    note: "requireActor, then authorizeChat(write) before stopping the chat's reply",
    probe: { path: (fixture) => `/api/chats/${fixture.chatId}/stop`, params: (fixture) => ({ id: fixture.chatId }), body: () => ({}) },
  },
  // The chat list (lib/chat/list): only ever the caller's own chats, so signed-in is the whole check.
  {
    kind: "route",
    file: "app/api/chats/events/route.ts",
    exportName: "GET",
    access: "signed-in",
    note: "requireActor; the list and its changes are the actor's own chats only (listChats and the list hub are keyed by actor.userId)",
    probe: { path: () => "/api/chats/events" },
  },
  {
    kind: "route",
    file: "app/api/chats/search/route.ts",
    exportName: "GET",
    access: "signed-in",
    note: "requireActor; searchChats reads only chats whose user_id is actor.userId and purpose is chat",
    probe: { path: () => "/api/chats/search?q=probe" },
  },
  // The project model (lib/project): a stored block's queries and chips, and the read-only pages chips open.
  {
    kind: "route",
    file: "app/api/chats/[id]/queries/route.ts",
    exportName: "POST",
    access: "chat-owner",
    note: "requireActor, then authorizeChat(read) and authorizeProject (membership of the chat's project) before reading the stored block",
    probe: {
      path: (fixture) => `/api/chats/${fixture.chatId}/queries`,
      params: (fixture) => ({ id: fixture.chatId }),
      body: (fixture) => ({ messageId: fixture.messageId, blockId: fixture.blockId, name: "runs", values: {} }),
    },
  },
  {
    kind: "route",
    file: "app/api/chats/[id]/links/route.ts",
    exportName: "POST",
    access: "chat-owner",
    note: "requireActor, then authorizeChat(read) and authorizeProject (membership of the chat's project) before resolving chips",
    probe: {
      path: (fixture) => `/api/chats/${fixture.chatId}/links`,
      params: (fixture) => ({ id: fixture.chatId }),
      body: (fixture) => ({ messageId: fixture.messageId, blockId: fixture.blockId }),
    },
  },
  // Artifacts (lib/artifacts): each read authorizes the chat, then looks the artifact up within it.
  {
    kind: "route",
    file: "app/api/chats/[id]/artifacts/route.ts",
    exportName: "GET",
    access: "chat-owner",
    note: "requireActor, then authorizeChat(read) before listing the chat's artifacts",
    probe: { path: (fixture) => `/api/chats/${fixture.chatId}/artifacts`, params: (fixture) => ({ id: fixture.chatId }) },
  },
  {
    kind: "route",
    file: "app/api/chats/[id]/artifacts/[artifactId]/route.ts",
    exportName: "GET",
    access: "chat-owner",
    note: "requireActor, then authorizeChat(read); the artifact is looked up within that chat (another chat's id is not found)",
    probe: {
      path: (fixture) => `/api/chats/${fixture.chatId}/artifacts/${fixture.artifactId}`,
      params: (fixture) => ({ id: fixture.chatId, artifactId: fixture.artifactId }),
    },
  },
  {
    kind: "route",
    file: "app/api/chats/[id]/artifacts/[artifactId]/versions/[version]/content/route.ts",
    exportName: "GET",
    access: "chat-owner",
    note: "requireActor, then authorizeChat(read) before sending a version's bytes as an attachment",
    probe: {
      path: (fixture) => `/api/chats/${fixture.chatId}/artifacts/${fixture.artifactId}/versions/1/content`,
      params: (fixture) => ({ id: fixture.chatId, artifactId: fixture.artifactId, version: "1" }),
    },
  },
  {
    kind: "route",
    file: "app/api/chats/[id]/artifacts/[artifactId]/versions/[version]/page/route.ts",
    exportName: "GET",
    access: "chat-owner",
    note: "requireActor, then authorizeChat(read) before serving an HTML version under its sandboxing policy",
    probe: {
      path: (fixture) => `/api/chats/${fixture.chatId}/artifacts/${fixture.artifactId}/versions/1/page`,
      params: (fixture) => ({ id: fixture.chatId, artifactId: fixture.artifactId, version: "1" }),
    },
  },
  // Attachments (lib/attachments): an upload is the uploader's alone; a read authorizes the chat, then looks the image up within it.
  {
    kind: "route",
    file: "app/api/attachments/route.ts",
    exportName: "POST",
    access: "signed-in",
    note: "requireActor; the image is stored as actor.userId's, in no chat until their own prompt carries it",
    // The smallest PNG header the type check reads as an image (a 1×1 image's first 24 bytes).
    probe: { path: () => "/api/attachments", body: () => PROBE_PNG_HEADER },
  },
  {
    kind: "route",
    file: "app/api/attachments/[attachmentId]/route.ts",
    exportName: "DELETE",
    access: "signed-in",
    note: "requireActor; deletes only an image of actor.userId's that no prompt carries yet (another person's, or a sent one, is not found)",
    probe: { path: (fixture) => `/api/attachments/${fixture.pendingAttachmentId}`, params: (fixture) => ({ attachmentId: fixture.pendingAttachmentId }) },
  },
  {
    kind: "route",
    file: "app/api/chats/[id]/attachments/[attachmentId]/route.ts",
    exportName: "GET",
    access: "chat-owner",
    note: "requireActor, then authorizeChat(read); the image is looked up within that chat and its owner (another chat's id is not found)",
    probe: {
      path: (fixture) => `/api/chats/${fixture.chatId}/attachments/${fixture.attachmentId}`,
      params: (fixture) => ({ id: fixture.chatId, attachmentId: fixture.attachmentId }),
    },
  },
  {
    kind: "page",
    file: "app/(project)/projects/[projectId]/page.tsx",
    exportName: "default",
    access: "signed-in",
    note: "requireActor + authorizeProject through guardPage; a non-member (or an unknown project) gets a 404",
    probe: { params: () => ({ projectId: "demo" }) },
  },
  {
    kind: "page",
    file: "app/(project)/projects/[projectId]/files/[...path]/page.tsx",
    exportName: "default",
    access: "signed-in",
    note: "requireActor + authorizeProject through guardPage; a non-member gets a 404, so does a path the project lacks",
    probe: { params: () => ({ projectId: "demo", path: ["lib", "billing", "invoice.ts"] }), searchParams: () => ({ line: "42" }) },
  },
  {
    kind: "page",
    file: "app/(project)/projects/[projectId]/commits/[sha]/page.tsx",
    exportName: "default",
    access: "signed-in",
    note: "requireActor + authorizeProject through guardPage; a non-member gets a 404, so does a sha the project lacks",
    probe: { params: () => ({ projectId: "demo", sha: "4f2c9e1b7d3a5e8c0f6b2d9a1c4e7f3b8a5d0c21" }) },
  },
  {
    kind: "page",
    file: "app/(project)/projects/[projectId]/diffs/[diffId]/page.tsx",
    exportName: "default",
    access: "signed-in",
    note: "requireActor + authorizeProject through guardPage; a non-member gets a 404, so does a diff the project lacks",
    probe: { params: () => ({ projectId: "demo", diffId: "invoice-rounding" }) },
  },
  {
    kind: "page",
    file: "app/(project)/projects/[projectId]/nodes/[ref]/page.tsx",
    exportName: "default",
    access: "signed-in",
    note: "requireActor + authorizeProject through guardPage; a non-member gets a 404, so does a node the project lacks",
    probe: { params: () => ({ projectId: "demo", ref: "service:billing-api" }) },
  },
  // Last on purpose: admitting the owner deletes the probe's chat, which every entry above uses.
  {
    kind: "action",
    file: "app/(chat)/actions.ts",
    exportName: "deleteChat",
    access: "chat-owner",
    note: "requireActor, then authorizeChat(delete) before deleting",
    probe: { arguments: (fixture) => [{ chatId: fixture.chatId }] },
  },
];
