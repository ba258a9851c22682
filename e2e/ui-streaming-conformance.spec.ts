/**
 * Issue 8, streaming without flicker: every gallery reply of both dialects
 * streamed into the chat's own reply view, cut at every character (a long
 * reply at hundreds of places and around every fence line), checked at each
 * step by the page itself (app/(dev)/gallery-stream): nothing thrown, no
 * error card for a part still arriving, nothing drawn that disappears or is
 * drawn again, no control usable before its part is complete, and the last
 * step drawing what the stored reply draws.
 */
import { expect, test } from "@playwright/test";

// About forty replies, thousands of steps each; the page runs them without a round trip per step.
test.setTimeout(15 * 60_000);

test("every gallery reply of both dialects streams without a flash, a remount or an early control", async ({ page }) => {
  await page.goto("/gallery-stream");
  await page.waitForFunction(() => window.__streamConformance !== undefined);
  const ids = await page.evaluate(() => window.__streamConformance?.ids ?? []);
  expect(ids.filter((id) => id.startsWith("genui-")).length, "octo-ui replies").toBeGreaterThan(5);
  expect(ids.filter((id) => !id.startsWith("genui-")).length, "```ui replies").toBeGreaterThan(10);
  const failures: string[] = [];
  let steps = 0;
  for (const id of ids) {
    const report = await page.evaluate((replyId) => window.__streamConformance?.run(replyId), id);
    if (report === undefined) throw new Error("the run went away");
    steps += report.steps;
    for (const violation of report.violations) failures.push(`${id} step ${violation.step} (${violation.textLength} chars) ${violation.rule}: ${violation.detail}`);
  }
  console.log(`streamed ${ids.length} replies in ${steps} steps`);
  expect(failures).toEqual([]);
});
