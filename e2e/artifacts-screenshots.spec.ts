/**
 * Pictures of the Artifacts panel at phone and desktop width, in the light
 * and the dark theme — a document, its changes, a page in its sandbox and
 * the list — for a person to look at (they are written to the test output,
 * not compared). Each also checks the panel is the one in the picture.
 */
import { expect, test } from "@playwright/test";
import { ArtifactsPanel } from "./pages/artifacts-panel";
import { ChatPage } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

for (const colorScheme of ["light", "dark"] as const) {
  for (const size of SIZES) {
    test.describe(`${size.name}, ${colorScheme}`, () => {
      test.use({ viewport: { width: size.width, height: size.height }, colorScheme });

      test("the panel's views", async ({ page }, testInfo) => {
        await new SignInPage(page).continueAsGuest("/");
        const chat = new ChatPage(page);
        const panel = new ArtifactsPanel(page);
        await chat.send("Write the Q3 engineering report");
        await chat.waitForReplyEnd();
        await chat.send("Add a risks section to the Q3 report");
        await chat.waitForReplyEnd();
        await page.mouse.move(1, 1);
        const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${size.name}-${colorScheme}-${name}.png`) });
        if (await panel.region.isVisible()) await panel.closeButton.click();
        await expect(panel.chip(chat.lastReply(), "Edited q3-report/report.md version 2")).toBeVisible();
        await shot("1-thread");
        await panel.chip(chat.lastReply(), "Edited q3-report/report.md version 2").click();
        await expect(panel.region.getByRole("heading", { name: "Risks" })).toBeVisible();
        await shot("2-document");
        await panel.view("Changes").click();
        await expect(panel.region.getByText(/^From version 1 to version 2/)).toBeVisible();
        await shot("3-changes");
        await panel.showList();
        await shot("4-list");
        await panel.item("q3-report/delivery-chart.html").click();
        await expect(panel.pageFrame().getByText(/^Drawn by the page's script/)).toBeVisible();
        await shot("5-page");
      });
    });
  }
}
