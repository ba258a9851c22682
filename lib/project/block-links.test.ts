import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { seedProject } = await import("@/db/queries/project-seed");
const { joinProject } = await import("@/db/queries/projects");
const { UiLinkResolutionSchema } = await import("@/lib/ui/link/resolution");
const { answerBlockLinks, LINK_TARGETS_PER_REQUEST } = await import("./block-links");
const { createChatWithReply, createTestActor, openTestDatabase, OTHER_PROJECT_SEED, seedOtherProject, TEST_DATABASE_KINDS } = await import(
  "./testing/project-test-setup"
);

type Actor = Awaited<ReturnType<typeof createTestActor>>;
type Fixture = Awaited<ReturnType<typeof createChatWithReply>>;

const CHANGE_LINKS_REPLY = readFileSync(path.join(process.cwd(), "fixtures", "replays", "change-links", "reply.md"), "utf8");
const FULL_SHA = "4f2c9e1b7d3a5e8c0f6b2d9a1c4e7f3b8a5d0c21";

function ui(...lines: string[]): string {
  return ["```ui", ...lines, "```"].join("\n");
}

function body(fixture: Fixture, values?: unknown) {
  return { messageId: fixture.messageId, blockId: fixture.blocks[0]!.id, ...(values === undefined ? {} : { values }) };
}

describe.each(TEST_DATABASE_KINDS)("resolving a block's link chips on %s", (kind) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  let owner: Actor;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await seedOtherProject();
    owner = await createTestActor("Owner");
  }, 60_000);
  afterAll(async () => {
    await handle.release();
  });

  it("resolves the change-links recording into chips to the commit, diff, files and node pages, in document order", async () => {
    const fixture = await createChatWithReply(owner, { text: CHANGE_LINKS_REPLY });
    const { resolutions } = await answerBlockLinks({ actor: owner, chatId: fixture.chatId, body: body(fixture) });
    for (const resolution of resolutions) expect(UiLinkResolutionSchema.safeParse(resolution).success).toBe(true);
    expect(resolutions.map(({ status, target, navigation, label }) => ({ status, target, href: navigation?.href, label }))).toEqual([
      {
        status: "chip",
        target: { kind: "commit", sha: FULL_SHA },
        href: `/projects/demo/commits/${FULL_SHA}`,
        label: "4f2c9e1 Round invoice totals once, in the ledger (#312)",
      },
      {
        status: "chip",
        target: { kind: "diff", path: "lib/billing/invoice.ts", base: "main", head: "fix/invoice-rounding" },
        href: "/projects/demo/diffs/invoice-rounding",
        label: "lib/billing/invoice.ts main…fix/invoice-rounding",
      },
      {
        status: "chip",
        target: { kind: "file", path: "lib/billing/invoice.ts", line: 42 },
        href: "/projects/demo/files/lib/billing/invoice.ts?line=42#L42",
        label: "lib/billing/invoice.ts:42",
      },
      {
        status: "chip",
        target: { kind: "file", path: "lib/billing/ledger.ts", line: 118 },
        href: "/projects/demo/files/lib/billing/ledger.ts?line=118#L118",
        label: "lib/billing/ledger.ts:118",
      },
      { status: "chip", target: { kind: "node", ref: "service:billing-api" }, href: "/projects/demo/nodes/service%3Abilling-api", label: "Billing API" },
    ]);
    const nodeIds = resolutions.map((resolution) => resolution.nodeId);
    expect(new Set(nodeIds).size).toBe(5);
    for (const nodeId of nodeIds) expect(nodeId.startsWith(`${fixture.blocks[0]!.id}:`)).toBe(true);
  });

  it("resolves the cells of a chip column, in a block with no other link", async () => {
    const fixture = await createChatWithReply(owner, {
      text: ui(
        `$rows = [{sha: "${FULL_SHA}", path: "lib/billing/invoice.ts"}, {sha: "deadbeef", path: "lib/billing/nope.ts"}]`,
        "<Table rows={$rows}>",
        '  <Column field="sha" presentation="commit"/>',
        '  <Column field="path" presentation="file"/>',
        "</Table>",
      ),
    });
    const { resolutions } = await answerBlockLinks({ actor: owner, chatId: fixture.chatId, body: body(fixture) });
    expect(resolutions.map(({ status, label }) => ({ status, label }))).toEqual([
      { status: "chip", label: "4f2c9e1 Round invoice totals once, in the ledger (#312)" },
      { status: "text", label: "deadbee" },
      { status: "chip", label: "lib/billing/invoice.ts" },
      { status: "text", label: "lib/billing/nope.ts" },
    ]);
  });

  it("answers targets the project does not hold as plain text, never as a link", async () => {
    const fixture = await createChatWithReply(owner, {
      text: ui(
        "<EntityList>",
        '  <Entry title="a"><File path="lib/billing/nope.ts"/></Entry>',
        '  <Entry title="b"><Commit sha="deadbeef"/></Entry>',
        '  <Entry title="c"><Node ref="service:nope"/></Entry>',
        '  <Entry title="d"><Diff path="lib/checkout/cart.ts"/></Entry>',
        '  <Entry title="e"><Diff base="main"/></Entry>',
        '  <Entry title="f"><File path="lib/billing/invoice.ts" line={9999}/></Entry>',
        "</EntityList>",
      ),
    });
    const { resolutions } = await answerBlockLinks({ actor: owner, chatId: fixture.chatId, body: body(fixture) });
    expect(resolutions.map(({ status, label, navigation }) => ({ status, label, navigation }))).toEqual([
      { status: "text", label: "lib/billing/nope.ts", navigation: undefined },
      { status: "text", label: "deadbee", navigation: undefined },
      { status: "text", label: "service:nope", navigation: undefined },
      { status: "text", label: "lib/checkout/cart.ts", navigation: undefined },
      // Two stored diffs start from main: ambiguous, so text.
      { status: "text", label: "main…working", navigation: undefined },
      // The file exists but the line does not: the chip opens the file itself.
      { status: "chip", label: "lib/billing/invoice.ts", navigation: { href: "/projects/demo/files/lib/billing/invoice.ts" } },
    ]);
  });

  it("answers another project's files, commits, diffs and nodes as plain text in a demo-project chat", async () => {
    const secret = OTHER_PROJECT_SEED;
    const fixture = await createChatWithReply(owner, {
      text: ui(
        "<EntityList>",
        `  <Entry title="a"><File path="${secret.files[0]!.path}"/></Entry>`,
        `  <Entry title="b"><Commit sha="${secret.commits[0]!.sha}"/></Entry>`,
        `  <Entry title="c"><Diff path="src/secret.ts" base="trunk" head="feature"/></Entry>`,
        `  <Entry title="d"><Node ref="${secret.nodes[0]!.ref}"/></Entry>`,
        "</EntityList>",
      ),
    });
    const { resolutions } = await answerBlockLinks({ actor: owner, chatId: fixture.chatId, body: body(fixture) });
    expect(resolutions.map((resolution) => resolution.status)).toEqual(["text", "text", "text", "text"]);
    expect(resolutions.some((resolution) => resolution.navigation !== undefined || resolution.target !== undefined)).toBe(false);
  });

  it("lists visible targets only: a chip hidden by Show is not resolved until the submitted values show it", async () => {
    const fixture = await createChatWithReply(owner, {
      text: ui(
        "$more = false",
        '<Switch label="More" value={$more}/>',
        '<Summary>Start at <File path="lib/billing/invoice.ts"/></Summary>',
        "<Show when={$more}>",
        '  <Summary>Then <File path="lib/billing/tax.ts"/></Summary>',
        "</Show>",
      ),
    });
    const hidden = await answerBlockLinks({ actor: owner, chatId: fixture.chatId, body: body(fixture) });
    expect(hidden.resolutions.map((resolution) => resolution.target)).toEqual([{ kind: "file", path: "lib/billing/invoice.ts" }]);
    const shown = await answerBlockLinks({ actor: owner, chatId: fixture.chatId, body: body(fixture, { more: true }) });
    expect(shown.resolutions.map((resolution) => resolution.target)).toEqual([
      { kind: "file", path: "lib/billing/invoice.ts" },
      { kind: "file", path: "lib/billing/tax.ts" },
    ]);
    await expect(answerBlockLinks({ actor: owner, chatId: fixture.chatId, body: body(fixture, { more: "yes" }) })).rejects.toMatchObject({ code: "bad_request:link" });
  });

  it("resolves chips repeated over query rows, reading the query on the server", async () => {
    const fixture = await createChatWithReply(owner, {
      text: ui('$commits = @Query("commits", {path: "lib/billing/ledger.ts"})', '<Each items={$commits} as="commit">', "  <Commit sha={commit.sha}/>", "</Each>"),
    });
    const { resolutions } = await answerBlockLinks({ actor: owner, chatId: fixture.chatId, body: body(fixture) });
    expect(resolutions.map((resolution) => [resolution.status, resolution.label.slice(0, 7)])).toEqual([
      ["chip", "4f2c9e1"],
      ["chip", "e5b9d3a"],
    ]);
    expect(resolutions.map((resolution) => resolution.nodeId)).toEqual([expect.stringMatching(/#0$/), expect.stringMatching(/#1$/)]);
  });

  it("tells apart an ambiguous sha prefix (text) from a unique one (chip)", async () => {
    const twins = {
      ...OTHER_PROJECT_SEED,
      project: { ...OTHER_PROJECT_SEED.project, id: `twins-${kind}`, openMembership: true },
      commits: ["abcd1", "abcd2"].map((prefix) => ({ ...OTHER_PROJECT_SEED.commits[0]!, sha: prefix.padEnd(40, "0") })),
      digest: "twins",
    };
    await seedProject({ seed: twins });
    const fixture = await createChatWithReply(owner, { text: ui('<Summary><Commit sha="abcd"/> <Commit sha="ABCD2"/></Summary>') }, { projectId: twins.project.id });
    const { resolutions } = await answerBlockLinks({ actor: owner, chatId: fixture.chatId, body: body(fixture) });
    expect(resolutions.map((resolution) => resolution.status)).toEqual(["text", "chip"]);
    expect(resolutions[1]?.target).toEqual({ kind: "commit", sha: "abcd2".padEnd(40, "0") });
  });

  it("resolves at most LINK_TARGETS_PER_REQUEST targets; the rest are text", async () => {
    const fixture = await createChatWithReply(owner, {
      text: ui('$files = @Query("files", {})', "$rounds = [" + Array.from({ length: 25 }, (_, index) => index).join(", ") + "]", '<Each items={$rounds} as="round">', '  <Each items={$files} as="file"><File path={file.path}/></Each>', "</Each>"),
    });
    const { resolutions } = await answerBlockLinks({ actor: owner, chatId: fixture.chatId, body: body(fixture) });
    expect(resolutions.length).toBe(25 * 11);
    expect(resolutions.slice(0, LINK_TARGETS_PER_REQUEST).every((resolution) => resolution.status === "chip")).toBe(true);
    expect(resolutions.slice(LINK_TARGETS_PER_REQUEST).every((resolution) => resolution.status === "text" && resolution.label !== "")).toBe(true);
  });

  it("cuts the label of a target past LINK_TARGETS_PER_REQUEST as it cuts any other, so the answer stays within the resolution schema", async () => {
    const longPath = `lib/${"deep/".repeat(120)}file.ts`;
    const fixture = await createChatWithReply(owner, {
      text: ui("$rounds = [" + Array.from({ length: LINK_TARGETS_PER_REQUEST + 1 }, (_, index) => index).join(", ") + "]", `<Each items={$rounds} as="round"><File path="${longPath}"/></Each>`),
    });
    const { resolutions } = await answerBlockLinks({ actor: owner, chatId: fixture.chatId, body: body(fixture) });
    expect(resolutions.length).toBe(LINK_TARGETS_PER_REQUEST + 1);
    for (const resolution of resolutions) expect(UiLinkResolutionSchema.safeParse(resolution).success, resolution.nodeId).toBe(true);
    expect(resolutions.at(-1)).toMatchObject({ status: "text", label: resolutions[0]!.label });
  });

  it("refuses another person's chat (not found) and a chat of a project the owner is not a member of (forbidden)", async () => {
    const fixture = await createChatWithReply(owner, { text: CHANGE_LINKS_REPLY });
    const stranger = await createTestActor("Stranger");
    await expect(answerBlockLinks({ actor: stranger, chatId: fixture.chatId, body: body(fixture) })).rejects.toMatchObject({ code: "not_found:chat" });
    const closed = await createChatWithReply(owner, { text: CHANGE_LINKS_REPLY }, { projectId: "other" });
    await expect(answerBlockLinks({ actor: owner, chatId: closed.chatId, body: body(closed) })).rejects.toMatchObject({ code: "forbidden:project" });
    await joinProject({ projectId: "other", userId: owner.userId });
    // A member of the other project: the demo project's targets are text there.
    const { resolutions } = await answerBlockLinks({ actor: owner, chatId: closed.chatId, body: body(closed) });
    expect(resolutions.map((resolution) => resolution.status)).toEqual(["text", "text", "text", "text", "text"]);
    await expect(answerBlockLinks({ actor: owner, chatId: fixture.chatId, body: { messageId: fixture.messageId } })).rejects.toMatchObject({ code: "bad_request:link" });
  });
});
