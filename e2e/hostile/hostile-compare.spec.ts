/**
 * The hostile corpus in the comparison playground: a comparison pane draws
 * model output with the chat's own renderer, so it must hold the same line.
 * One case of every class (the first that needs no follow-up click and no
 * chat of its own) plays as a blind two-pane run of the hostile model; once
 * both panes have ended, the run's page may have asked for nothing but the
 * app's machinery, shown no page or console error, and carry no markup the
 * scan refuses — live, and again after a reload (the stored form).
 */
import { expect, test } from "@playwright/test";
import { ComparePage, RUN_TIMEOUT_MS } from "../pages/compare-page";
import { SignInPage } from "../pages/sign-in-page";
import { cursorOf, nonceOfPolicy, recordPage, recordProblems, recordSince, scanDocument } from "../support/hostile-page-audit";
import { HOSTILE_CASES } from "./cases";
import { hostilePrompt } from "./hostile-case";
import { HOSTILE_MODEL_ID } from "./hostile-session";

/** Milliseconds without a change in the document after which a run's page counts as settled (mermaid draws, chips). */
const SETTLE_MS = 1_500;

const CASES = [...new Map(HOSTILE_CASES.filter((hostileCase) => !hostileCase.followUp && !hostileCase.ownChat && !hostileCase.dependsOn).map((hostileCase) => [hostileCase.class, hostileCase])).values()];

test("one hostile case of every class, played in comparison panes, reaches nothing and plants nothing", async ({ page }) => {
  test.setTimeout(60_000 + CASES.length * 30_000);
  let nonce: string | null = null;
  page.on("response", (response) => {
    if (response.request().isNavigationRequest() && response.frame() === page.mainFrame()) nonce = nonceOfPolicy(response.headers()["content-security-policy"]) ?? nonce;
  });
  await new SignInPage(page).continueAsGuest("/compare");
  const origin = new URL(page.url()).origin;
  const record = recordPage(page);
  const compare = new ComparePage(page);
  const problems: string[] = [];
  for (const hostileCase of CASES) {
    const cursor = cursorOf(record);
    await compare.start(hostileCase.prompt ?? hostilePrompt(hostileCase.id), { models: { 1: HOSTILE_MODEL_ID, 2: HOSTILE_MODEL_ID, 3: "replay:quokka", 4: "replay:kestrel" } });
    await compare.waitForAllDone();
    await page.waitForTimeout(SETTLE_MS);
    const allowance = { origin, projectData: hostileCase.usesProjectData === true, pageLoad: true };
    for (const problem of recordProblems(recordSince(record, cursor), allowance)) problems.push(`${hostileCase.id} (live): ${problem}`);
    for (const offender of await scanDocument(page, { nonce, onlyNew: false })) problems.push(`${hostileCase.id} (live): ${offender.finding}`);
    const reloaded = cursorOf(record);
    await page.reload();
    await expect(compare.panes()).toHaveCount(4, { timeout: RUN_TIMEOUT_MS });
    await page.waitForTimeout(SETTLE_MS);
    for (const problem of recordProblems(recordSince(record, reloaded), allowance)) problems.push(`${hostileCase.id} (stored): ${problem}`);
    for (const offender of await scanDocument(page, { nonce, onlyNew: false })) problems.push(`${hostileCase.id} (stored): ${offender.finding}`);
  }
  expect(CASES.length).toBeGreaterThanOrEqual(6);
  expect(problems).toEqual([]);
});
