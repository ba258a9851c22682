import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { getDatabase } = await import("@/db/client");
const { getProjectMembership, joinProject } = await import("@/db/queries/projects");
const { seedProject } = await import("@/db/queries/project-seed");
const { projectFiles, projects } = await import("@/db/schema/project");
const { eq } = await import("drizzle-orm");
const { authorizeProject, NOT_A_MEMBER_MESSAGE } = await import("./authorize-project");
const { ensureDemoProject } = await import("./demo/seed-demo-project");
const { demoProjectSeed, loadDemoProject } = await import("./demo/load-demo-project");
const { createTestActor, openTestDatabase, OTHER_PROJECT_SEED, seedOtherProject, TEST_DATABASE_KINDS } = await import("./testing/project-test-setup");

type Handle = Awaited<ReturnType<typeof openTestDatabase>>;

describe.each(TEST_DATABASE_KINDS)("project authorization and the demo seed on %s", (kind) => {
  let handle: Handle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await seedOtherProject();
  }, 60_000);
  afterAll(async () => {
    await handle.release();
  });

  it("makes any signed-in person (guests too) a viewer of the demo project the first time they use it", async () => {
    const person = await createTestActor("Newcomer");
    const guest = { ...(await createTestActor("Guest")), isGuest: true };
    for (const actor of [person, guest]) {
      expect(await getProjectMembership({ projectId: "demo", userId: actor.userId })).toBeNull();
      const project = await authorizeProject(actor, "demo");
      expect(project).toMatchObject({ id: "demo", name: "Ledgerline", defaultBranch: "main", openMembership: true });
      expect(await getProjectMembership({ projectId: "demo", userId: actor.userId })).toMatchObject({ role: "viewer" });
      // A second use finds the membership and changes nothing.
      const membership = await getProjectMembership({ projectId: "demo", userId: actor.userId });
      await expect(authorizeProject(actor, "demo")).resolves.toMatchObject({ id: "demo" });
      expect(await getProjectMembership({ projectId: "demo", userId: actor.userId })).toEqual(membership);
    }
  });

  it("refuses a person who is not a member of a closed project with forbidden:project, and admits one who is", async () => {
    const outsider = await createTestActor("Outsider");
    await expect(authorizeProject(outsider, "other")).rejects.toMatchObject({ code: "forbidden:project", publicMessage: NOT_A_MEMBER_MESSAGE });
    expect(await getProjectMembership({ projectId: "other", userId: outsider.userId })).toBeNull();
    const member = await createTestActor("Member");
    await joinProject({ projectId: "other", userId: member.userId });
    await expect(authorizeProject(member, "other")).resolves.toMatchObject({ id: "other" });
  });

  it("answers a project that does not exist (or a malformed id) with not_found:project", async () => {
    const person = await createTestActor();
    await expect(authorizeProject(person, "nope")).rejects.toMatchObject({ code: "not_found:project" });
    await expect(authorizeProject(person, "")).rejects.toMatchObject({ code: "not_found:project" });
    await expect(authorizeProject(person, "x".repeat(65))).rejects.toMatchObject({ code: "not_found:project" });
  });

  it("seeds the demo project once: an unchanged fixture is not written again, a changed one replaces the data and keeps members", async () => {
    const database = await getDatabase();
    expect(await ensureDemoProject()).toMatch(/seeded|unchanged/);
    const seed = demoProjectSeed(loadDemoProject());
    expect(await seedProject({ seed })).toBe("unchanged");
    const member = await createTestActor("Stays");
    await authorizeProject(member, "demo");
    const edited = { ...seed, files: seed.files.filter((file) => file.path !== "README.md"), digest: `${seed.digest}-edited` };
    expect(await seedProject({ seed: edited })).toBe("seeded");
    const paths = (await database.select({ path: projectFiles.path }).from(projectFiles).where(eq(projectFiles.projectId, "demo"))).map((row) => row.path);
    expect(paths).not.toContain("README.md");
    expect(paths).toHaveLength(seed.files.length - 1);
    expect(await getProjectMembership({ projectId: "demo", userId: member.userId })).not.toBeNull();
    // The other project's rows are untouched by the demo project's seed.
    const [other] = await database.select().from(projects).where(eq(projects.id, "other"));
    expect(other?.seedDigest).toBe(OTHER_PROJECT_SEED.digest);
    expect(await seedProject({ seed })).toBe("seeded");
  });

  it("lets concurrent seeds of the same fixture take turns without a conflict", async () => {
    const seed = { ...demoProjectSeed(loadDemoProject()), digest: `race-${kind}` };
    const outcomes = await Promise.all([seedProject({ seed }), seedProject({ seed }), seedProject({ seed })]);
    expect(outcomes.filter((outcome) => outcome === "seeded")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "unchanged")).toHaveLength(2);
  });
});
