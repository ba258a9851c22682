/**
 * Issue 9, "Done when": a four-pane comparison on the replay personas, in
 * Chromium on a production build — all panes stream at once, one is stopped
 * and another retried, the metrics table and chart show, the blind vote is
 * recorded and reveals the names, the self-naming model is masked while
 * blind, and the permalink reopens the same trees, metrics and vote. Then a
 * shared run opens read-only for the other person, and an unshared one is
 * not found for a third, by page, route handler and server action.
 */
import { expect, test } from "@playwright/test";
import { ComparePage, RUN_TIMEOUT_MS } from "./pages/compare-page";
import { SignInPage } from "./pages/sign-in-page";
import { SignUpPage } from "./pages/sign-up-page";

/** The persona recordings answer this with their longest replies: every pane is still writing for a second or more. */
const PROMPT = "Summarise this week's sales";

/** What the policy says about a run that is neither yours nor shared with you (lib/errors.ts, `not_found:compare`). */
const NOT_FOUND_MESSAGE = "This comparison does not exist, or it is not shared with you.";

test("a four-pane blind run streams together, stops and retries per pane, votes, reveals, and reopens the same", async ({ page }) => {
  test.setTimeout(120_000);
  await new SignInPage(page).continueAsGuest("/compare");
  const compare = new ComparePage(page);
  // B is the slow persona, so it is surely still writing when it is stopped.
  await compare.start(PROMPT, { models: { 2: "replay:pangolin" } });
  await expect(compare.panes()).toHaveCount(4);
  // While blind the panes are letters only.
  await expect(page.getByRole("heading", { name: "Pane A" })).toBeVisible();

  // Previews in at least three panes while none has finished.
  await page.waitForFunction(
    () => {
      const panes = [...document.querySelectorAll("section[data-pane]")];
      const done = panes.filter((pane) => pane.getAttribute("aria-busy") !== "true").length;
      const writing = panes.filter((pane) => pane.getAttribute("aria-busy") === "true" && (pane.querySelector('[role="log"]')?.textContent ?? "").trim().length > 20).length;
      return done === 0 && writing >= 3;
    },
    undefined,
    { timeout: 15_000, polling: "raf" },
  );

  // Stop B (the slow one) while it writes; the others go on.
  await compare.pane("B").getByRole("button", { name: "Stop B" }).click();
  await expect(compare.pane("B").getByRole("status").first()).toHaveText("Stopped", { timeout: RUN_TIMEOUT_MS });
  await compare.waitForAllDone();
  await expect(compare.pane("A").getByRole("status").first()).toHaveText("Done");

  // The self-naming model (D) is masked on the server while blind.
  const masked = await compare.pane("D").locator('[role="log"]').innerText();
  expect(masked).toContain("▒");
  expect(masked).not.toMatch(/kestrel|claude|gpt/i);

  // Retry C once it is done: a second attempt answers in its place.
  await compare.pane("C").getByRole("button", { name: "Retry C" }).click();
  await expect(compare.pane("C")).toContainText("attempt 2");
  await compare.waitForAllDone();

  // Metrics: the table and the chart, once every pane has its figures.
  await expect(page.getByRole("table", { name: "Metrics" })).toBeVisible({ timeout: RUN_TIMEOUT_MS });
  await expect(page.getByRole("img", { name: /bar chart of time/i })).toBeVisible();
  await expect(page.getByRole("table", { name: "Metrics" }).getByRole("columnheader")).toHaveCount(5, { timeout: RUN_TIMEOUT_MS });

  // The blind vote; names are revealed by it.
  await page.getByRole("radio", { name: "The best one" }).check();
  await page.getByRole("radio", { name: "A", exact: true }).check();
  await page.getByRole("button", { name: "Record vote" }).click();
  await expect(page.getByTestId("vote-recorded")).toContainText("Best: A");
  await expect(page.getByRole("heading", { name: /^A · Quokka/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^D · Kestrel/ })).toBeVisible();
  // D named itself, so the vote is left out of the ratings.
  await expect(page.getByText(/Left out of the ratings/)).toBeVisible();
  const revealed = await compare.pane("D").locator('[role="log"]').innerText();
  expect(revealed).toMatch(/Kestrel/);
  const table = await page.getByRole("table", { name: "Metrics" }).innerText();
  const trees = await Promise.all(["A", "B", "C", "D"].map((label) => compare.pane(label).locator('[role="log"]').innerText()));

  // The permalink reopens the same trees, metrics and vote.
  await page.reload();
  await expect(page.getByTestId("vote-recorded")).toContainText("Best: A");
  await expect(page.getByRole("heading", { name: /^A · Quokka/ })).toBeVisible();
  await expect(compare.pane("B").getByRole("status").first()).toHaveText("Stopped");
  await expect(compare.pane("C")).toContainText("attempt 2");
  expect(await page.getByRole("table", { name: "Metrics" }).innerText()).toBe(table);
  // A chart draws its axes once it has measured its box, a moment after the page shows: wait for the same text.
  await expect
    .poll(() => Promise.all(["A", "B", "C", "D"].map((label) => compare.pane(label).locator('[role="log"]').innerText())), { message: "the reopened panes read as before" })
    .toEqual(trees);
});

test("a shared run opens read-only for the other person; unshared it is not found by page, route handler and server action", async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The other person: an account with an email to share with.
  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  const email = `friend-${Date.now()}@example.test`;
  await new SignUpPage(friend).signUp({ name: "Friend", email, password: "a long enough password 1" });

  // The owner: a guest with a quick two-model run, not blind.
  await new SignInPage(page).continueAsGuest("/compare");
  await page.goto("/compare");
  await page.getByLabel("Prompt", { exact: true }).fill("Show the build status");
  await page.getByRole("button", { name: "Remove model 4" }).click();
  await page.getByRole("button", { name: "Remove model 3" }).click();
  await page.getByLabel("Blind (hide names until I vote)").uncheck();
  await page.getByRole("button", { name: "Run on 2 panes" }).click();
  await page.waitForURL(/\/compare\/[0-9a-f-]{36}$/);
  const compare = new ComparePage(page);
  const runId = compare.runId();
  await compare.waitForAllDone();

  // Not shared yet: not found for the friend, by page and by route handler.
  await friend.goto(`/compare/${runId}`);
  await expect(friend.getByRole("heading", { name: /not found|could not be found/i })).toBeVisible();
  const before = await friend.evaluate(async (id) => (await fetch(`/api/compare/${id}`)).status, runId);
  expect(before).toBe(404);

  await page.getByLabel("Their email").fill(email);
  await page.getByRole("button", { name: "Share", exact: true }).click();
  await expect(page.getByRole("list", { name: "Shared with" })).toContainText(email);

  // Shared: read-only.
  await friend.goto(`/compare/${runId}`);
  await expect(friend.getByText("shared with you (read-only)")).toBeVisible();
  await expect(friend.locator("section[data-pane]")).toHaveCount(2);
  await expect(friend.getByRole("button", { name: /^(Stop|Retry) / })).toHaveCount(0);
  await expect(friend.getByRole("button", { name: "Record vote" })).toHaveCount(0);
  await expect(friend.getByRole("button", { name: "Re-run" })).toHaveCount(0);

  // A third person (another guest) gets not found by page, route handler and server action.
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await new SignInPage(stranger).continueAsGuest("/compare");
  await stranger.goto(`/compare/${runId}`);
  await expect(stranger.getByRole("heading", { name: /not found|could not be found/i })).toBeVisible();
  expect(await stranger.evaluate(async (id) => (await fetch(`/api/compare/${id}`)).status, runId)).toBe(404);
  expect(await stranger.evaluate(async (id) => (await fetch(`/api/compare/${id}/export`)).status, runId)).toBe(404);
  // The stranger's own run, with its run id swapped for the owner's in the re-run action on the way out.
  await stranger.goto("/compare");
  await stranger.getByLabel("Prompt", { exact: true }).fill("Show the build status");
  await stranger.getByRole("button", { name: "Remove model 4" }).click();
  await stranger.getByRole("button", { name: "Remove model 3" }).click();
  await stranger.getByRole("button", { name: "Run on 2 panes" }).click();
  await stranger.waitForURL(/\/compare\/[0-9a-f-]{36}$/);
  const ownRunId = new URL(stranger.url()).pathname.split("/").pop() ?? "";
  await stranger.route("**/*", async (route) => {
    const request = route.request();
    const body = request.postData();
    if (request.method() === "POST" && request.headers()["next-action"] !== undefined && body?.includes(ownRunId)) {
      await route.continue({ postData: body.split(ownRunId).join(runId) });
      return;
    }
    await route.fallback();
  });
  await new ComparePage(stranger).waitForAllDone();
  await stranger.getByRole("button", { name: "Re-run" }).click();
  await expect(stranger.getByRole("alert").filter({ hasText: NOT_FOUND_MESSAGE })).toBeVisible();

  // Revoked: not found for the friend again.
  await page.getByRole("button", { name: "Stop sharing" }).click();
  await expect(page.getByRole("list", { name: "Shared with" })).toHaveCount(0);
  await friend.goto(`/compare/${runId}`);
  await expect(friend.getByRole("heading", { name: /not found|could not be found/i })).toBeVisible();
  await friendContext.close();
  await strangerContext.close();
});
