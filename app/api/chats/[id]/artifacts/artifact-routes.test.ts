/**
 * The artifact routes over real better-auth sessions and an in-memory
 * PGlite: the owner reads the list, an artifact's versions, a version's
 * exact bytes as an attachment and an HTML version as a sandboxed page —
 * and nobody else finds any of it, by the chat's URL or by their own.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

process.env.PGLITE_DATA_DIR = "memory://";
delete process.env.DATABASE_URL;
process.env.BETTER_AUTH_SECRET = "artifact-routes-test-secret-0123456789abcdefghijklmnopqrstuvwxyz";

const list = await import("./route");
const detail = await import("./[artifactId]/route");
const content = await import("./[artifactId]/versions/[version]/content/route");
const page = await import("./[artifactId]/versions/[version]/page/route");
const { getAuth } = await import("@/lib/auth/auth");
const { signUpPerson, requestHeaders } = await import("@/lib/auth/testing");
const { createChat } = await import("@/db/queries/chats");
const { storeArtifactVersion } = await import("@/db/queries/artifacts");
const { ArtifactDetailSchema, ArtifactListSchema } = await import("@/lib/artifacts/artifact-listing");
const { artifactPageDocument, artifactPagePolicy } = await import("@/lib/artifacts/artifact-responses").then(async (responses) => ({ ...responses, ...(await import("@/lib/artifacts/artifact-page-document")) }));

type Person = Awaited<ReturnType<typeof signUpPerson>>;
let owner: Person;
let other: Person;
let chatId: string;
let otherChatId: string;
let reportId: string;
let pageId: string;

const REPORT_V1 = "# Q3 report\n\nÜberblick: 🧪 fine.\n";
const REPORT_V2 = "# Q3 report\n\nÜberblick: 🧪 fine.\n\n## Risks\n- none\n";
const PAGE = "<!doctype html><title>Heatmap</title><script>document.title = 'ran'</script>";
const CAPS = { artifactsPerChat: 50, versionsPerArtifact: 100, chatBytes: 10_000_000 };

async function store(userId: string, chat: string, path: string, kind: string, text: string, expectedVersion?: number) {
  const result = await storeArtifactVersion({
    userId,
    chatId: chat,
    path,
    kind,
    content: text,
    sizeBytes: Buffer.byteLength(text),
    messageId: "reply-1",
    tool: expectedVersion === undefined ? "write_file" : "edit_file",
    caps: CAPS,
    ...(expectedVersion !== undefined ? { expectedVersion } : {}),
  });
  if (result.kind !== "stored") throw new Error(result.kind);
  return result.artifact.id;
}

function call(handler: (request: Request, context: { params: Promise<never> }) => Promise<Response>, path: string, headers: Headers, params: Record<string, string>) {
  return handler(new Request(`http://localhost:3000${path}`, { headers }), { params: Promise.resolve(params) as Promise<never> });
}

beforeAll(async () => {
  const auth = await getAuth();
  owner = await signUpPerson(auth, { name: "Owner" });
  other = await signUpPerson(auth, { name: "Other" });
  chatId = (await createChat({ userId: owner.userId, title: "Owner's chat", modelId: "replay:default" })).id;
  otherChatId = (await createChat({ userId: other.userId, title: "Other's chat", modelId: "replay:default" })).id;
  reportId = await store(owner.userId, chatId, "reports/Q3 Überblick.md", "markdown", REPORT_V1);
  await store(owner.userId, chatId, "reports/Q3 Überblick.md", "markdown", REPORT_V2, 1);
  pageId = await store(owner.userId, chatId, "heatmap.html", "html", PAGE);
}, 60_000);

describe("the owner", () => {
  it("lists the chat's artifacts and reads one's versions", async () => {
    const listed = await call(list.GET, `/api/chats/${chatId}/artifacts`, owner.headers, { id: chatId });
    expect(listed.status).toBe(200);
    const body = ArtifactListSchema.parse(await listed.json());
    expect(body.artifacts.map((artifact) => [artifact.path, artifact.kind, artifact.latestVersion])).toEqual([
      ["reports/Q3 Überblick.md", "markdown", 2],
      ["heatmap.html", "html", 1],
    ]);
    const read = await call(detail.GET, "/", owner.headers, { id: chatId, artifactId: reportId });
    const versions = ArtifactDetailSchema.parse(await read.json()).versions;
    expect(versions.map((version) => [version.version, version.tool, version.sizeBytes])).toEqual([
      [1, "write_file", Buffer.byteLength(REPORT_V1)],
      [2, "edit_file", Buffer.byteLength(REPORT_V2)],
    ]);
  });

  it("downloads each version's exact bytes, as an attachment of its type that nothing can run", async () => {
    for (const [version, text] of [["1", REPORT_V1], ["2", REPORT_V2]] as const) {
      const response = await call(content.GET, "/", owner.headers, { id: chatId, artifactId: reportId, version });
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(text, "utf8"))).toBe(true);
      expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="Q3 _berblick.md"; filename*=UTF-8''Q3%20%C3%9Cberblick.md`);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
    }
    const html = await call(content.GET, "/", owner.headers, { id: chatId, artifactId: pageId, version: "1" });
    expect([html.headers.get("content-type"), html.headers.get("content-disposition")?.split(";")[0]]).toEqual(["text/html; charset=utf-8", "attachment"]);
  });

  it("gets an HTML version as a page under its own sandboxing, network-less policy", async () => {
    const response = await call(page.GET, "/", owner.headers, { id: chatId, artifactId: pageId, version: "1" });
    expect(response.status).toBe(200);
    const served = artifactPageDocument(PAGE);
    expect(await response.text()).toBe(served.html);
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toBe(artifactPagePolicy(served.scriptSources));
    expect(policy).not.toContain("'unsafe-inline'; style-src");
    expect(response.headers.get("x-dns-prefetch-control")).toBe("off");
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("sandbox allow-scripts");
    expect(policy).not.toContain("allow-same-origin");
    expect(policy).not.toMatch(/connect-src|https?:|\*/);
    expect(response.headers.get("content-disposition")).toBe(`inline; filename="heatmap.html"; filename*=UTF-8''heatmap.html`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("finds no page for a kind that is not one, and no version past the last or malformed", async () => {
    const cases: [typeof page.GET, Record<string, string>][] = [
      [page.GET, { id: chatId, artifactId: reportId, version: "1" }],
      [content.GET, { id: chatId, artifactId: reportId, version: "3" }],
      [content.GET, { id: chatId, artifactId: reportId, version: "01" }],
      [content.GET, { id: chatId, artifactId: reportId, version: "1e3" }],
      [content.GET, { id: chatId, artifactId: reportId, version: "-1" }],
      [content.GET, { id: chatId, artifactId: "x".repeat(500), version: "1" }],
      [detail.GET, { id: chatId, artifactId: crypto.randomUUID() }],
    ];
    for (const [handler, params] of cases) {
      const response = await call(handler, "/", owner.headers, params);
      expect([response.status, ((await response.json()) as { error: { code: string } }).error.code], JSON.stringify(params)).toEqual([404, "not_found:artifact"]);
    }
  });
});

describe("anyone else", () => {
  it("is refused by the owner's chat URL and finds nothing through their own chat", async () => {
    const routes = [
      [detail.GET, { artifactId: reportId }],
      [content.GET, { artifactId: reportId, version: "1" }],
      [page.GET, { artifactId: pageId, version: "1" }],
      [list.GET, {}],
    ] as const;
    for (const [handler, extra] of routes) {
      const stranger = await call(handler as typeof page.GET, "/", requestHeaders(), { id: chatId, ...extra });
      expect(stranger.status).toBe(401);
      const byUrl = await call(handler as typeof page.GET, "/", other.headers, { id: chatId, ...extra });
      expect([byUrl.status, ((await byUrl.json()) as { error: { code: string } }).error.code]).toEqual([404, "not_found:chat"]);
      const byOwnChat = await call(handler as typeof page.GET, "/", other.headers, { id: otherChatId, ...extra });
      if (handler === list.GET) {
        expect(ArtifactListSchema.parse(await byOwnChat.json()).artifacts).toEqual([]);
      } else {
        expect([byOwnChat.status, ((await byOwnChat.json()) as { error: { code: string } }).error.code]).toEqual([404, "not_found:artifact"]);
      }
    }
  });
});
