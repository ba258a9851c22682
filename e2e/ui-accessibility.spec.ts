/**
 * Issue 8, "Gallery": an accessibility scan (axe-core, WCAG 2.x A and AA
 * rules) of both galleries — every component of both dialects — and of the
 * chat page holding replies of both dialects, a render_ui card and a
 * diagram, in light and dark, finds no serious or critical violation.
 * What it finds is printed whole (rule, impact, the elements), so a
 * failure says what to fix.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";

/** The rules axe runs: WCAG 2.0–2.2, levels A and AA. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** The violations a person would be stopped by: serious and critical ones, described. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes.map((node) => `  ${node.target.join(" ")}: ${node.failureSummary ?? ""}`).join("\n")}`);
}

for (const scheme of ["light", "dark"] as const) {
  test(`the galleries of both dialects have no serious or critical accessibility violation (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto("/gallery");
    await expect(page.getByRole("heading", { level: 1, name: "UI block gallery" })).toBeVisible();
    // Charts and diagrams draw after they measure their box.
    await expect(page.getByRole("img").first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto("/gallery-genui");
    await expect(page.getByRole("heading", { level: 1, name: "GenUI gallery" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`the chat page with replies of both dialects has no serious or critical accessibility violation (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await new SignInPage(page).continueAsGuest("/");
    expect(await seriousViolations(page)).toEqual([]);
    const chat = new ChatPage(page);
    for (const prompt of ["Give me the morning briefing", "Show me the build status", "Explain how a chat turn flows through the system", "Show me the sales dashboard"]) {
      await chat.send(prompt);
      await chat.waitForReplyEnd();
    }
    await expect(chat.lastReply().getByRole("img").first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
