/**
 * The README's screenshot: the sales dashboard in a chat, as a newcomer sees
 * it. Every run takes it (and checks the panel is there); it replaces the
 * committed e2e/readme-screenshot.png only with UPDATE_README_SCREENSHOT=1, so
 * a test run leaves the checkout as it was.
 */
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";

/** The committed screenshot the README shows. */
const README_SCREENSHOT = path.join(import.meta.dirname, "readme-screenshot.png");

// Tall enough for the whole reply, so the picture needs no scrolling.
test.use({ viewport: { width: 1280, height: 1440 }, colorScheme: "light" });

test("the README's screenshot: a chat with the sales dashboard", async ({ page }, testInfo) => {
  await new SignInPage(page).continueAsGuest("/");
  const chat = new ChatPage(page);
  await chat.send("Show me the sales dashboard");
  await chat.waitForReplyEnd();
  const panel = chat.panel("Sales — last 30 days");
  await expect(panel.getByRole("img").first()).toBeVisible();
  await panel.getByRole("textbox", { name: "Filter by region" }).fill("north");
  await chat.composer.fill("Show me the build status");
  // No hover tooltip in the picture.
  await page.mouse.move(1, 1);
  const target = process.env.UPDATE_README_SCREENSHOT === "1" ? README_SCREENSHOT : testInfo.outputPath("readme-screenshot.png");
  await page.screenshot({ path: target });
});
