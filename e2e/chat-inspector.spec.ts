/**
 * Issue 8, "Inspector per reply": one control under a stored reply, in words
 * a non-developer follows ("Notes: 3 parts could not be shown, …"), opens by
 * keyboard to every finding of the reply grouped by part — plain sentence,
 * code, place, message — with the source around it and the place marked;
 * Escape closes it. Blocks no longer carry "N notes on this block", and the
 * receipt line is gone. At 1280×800 light and 390×844 dark.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";

test.beforeEach(async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
});

/** The finding of one code in a group of the inspector. */
function findingIn(group: Locator, code: string): Locator {
  return group.getByRole("listitem").filter({ has: group.page().locator("code", { hasText: new RegExp(`^${code}$`) }) });
}

/** No element pushes the page wider than the screen. */
async function pageWidth(page: Page): Promise<{ scroll: number; view: number }> {
  return page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
}

for (const { width, height, colorScheme } of [
  { width: 1280, height: 800, colorScheme: "light" },
  { width: 390, height: 844, colorScheme: "dark" },
] as const) {
  test(`the malformed reply's findings are in one inspector, opened by keyboard, with the source marked (${width}×${height} ${colorScheme})`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme });
    const chat = new ChatPage(page);
    await chat.send("Show me some malformed UI");
    await chat.waitForReplyEnd();
    const reply = chat.lastReply();
    await expect(reply.getByText("Three services are healthy, one is degraded.", { exact: true })).toBeVisible();

    // The old scattered controls are gone; one summary in plain words stands for them.
    await expect(reply.getByText(/notes? on this block/)).toHaveCount(0);
    await expect(reply.getByText(/hidden\/trimmed/)).toHaveCount(0);
    await expect(chat.inspector(reply)).toHaveCount(1);
    const toggle = chat.inspectorToggle(reply);
    // The block reports what drawing it found too: an element whose value could not be worked out is one more part not shown.
    await expect(toggle).toHaveText(/^Notes: 4 parts could not be shown, 1 value was adjusted, 4 writing mistakes were worked around$/);

    // Opened by keyboard.
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(chat.inspector(reply)).toHaveAttribute("open", "");

    // The ```ui block: an unknown component, marked where it was written.
    const block = reply.getByRole("group", { name: /^UI block 1(?!\d)/ });
    const gauge = findingIn(block, "unknown_component");
    await expect(gauge).toContainText("A kind of element the app does not know was used; its text is shown instead.");
    await expect(gauge).toContainText("line 2");
    await expect(gauge).toContainText("This component is not in the catalog");
    await expect(gauge.locator("mark")).toHaveText("Gauge");
    const source = gauge.getByLabel("Source, lines 1 to 4");
    await expect(source).toContainText('<Gauge value={75} label="Capacity"/>');
    await expect(source).toContainText("<Summary>Three services are healthy, one is degraded.</Summary>");
    await expect(findingIn(block, "refused_prop").locator("mark")).toHaveText('color="green"');
    await expect(findingIn(block, "unexpected_close_tag").locator("mark")).toHaveText("</Section>");
    // What drawing the block found joins what compiling it found.
    const missing = findingIn(block, "missing_prop");
    await expect(missing).toContainText("Something this element needs was missing, so it is shown as plain text.");
    await expect(missing.locator("mark")).toHaveText('<Stat label="Degraded" value={1 +} tone="warning"/>');

    // The octo-ui fence: paths, and the JSON at the path marked.
    const services = reply.getByRole("group", { name: /^JSON panel 1 “Services”/ });
    const heatmap = findingIn(services, "unknown_type");
    await expect(heatmap).toContainText("items[1]");
    await expect(heatmap).toContainText("it was left out");
    await expect(heatmap.locator("mark")).toHaveText('{"type": "heatmap", "cells": [[1, 2], [3, 4]]}');
    const link = findingIn(services, "link_scheme");
    await expect(link).toContainText("items[2].href");
    await expect(link.locator("mark")).toHaveText('"href": "javascript:alert(1)"');
    // Model text is drawn as text: the marked javascript: link is no link.
    await expect(chat.inspector(reply).getByRole("link")).toHaveCount(0);
    await expect(findingIn(reply.getByRole("group", { name: /^JSON panel 2 “Broken”/ }), "invalid_json")).toContainText("the whole panel");

    const widths = await pageWidth(page);
    expect(widths.scroll, "the page never scrolls sideways").toBeLessThanOrEqual(widths.view);
    await gauge.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`inspector-${width}-${colorScheme}.png`) });
    await link.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`inspector-${width}-${colorScheme}-json.png`) });

    // Escape closes it and leaves focus on the summary.
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(chat.inspector(reply)).not.toHaveAttribute("open", "");
    await expect(toggle).toBeFocused();

    // The same inspector after a reload, from the stored reply.
    await page.reload();
    await expect(chat.inspectorToggle(chat.lastReply())).toHaveText(/^Notes: 4 parts could not be shown/);
  });
}
