/**
 * The README's screenshots: the sales dashboard in a chat, as a newcomer sees
 * it, and the gallery of both dialects' components. Every run takes them (and
 * checks what they show is there); they replace the committed
 * e2e/readme-screenshot.png and e2e/gallery-screenshot.png only with
 * UPDATE_README_SCREENSHOT=1, so a test run leaves the checkout as it was.
 */
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { UiGalleryPage } from "./pages/ui-gallery-page";
import { SignInPage } from "./pages/sign-in-page";

/** The committed screenshots the README shows. */
const README_SCREENSHOT = path.join(import.meta.dirname, "readme-screenshot.png");
const GALLERY_SCREENSHOT = path.join(import.meta.dirname, "gallery-screenshot.png");

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

test("the README's gallery screenshot: components of both dialects on one page", async ({ page }, testInfo) => {
  const gallery = new UiGalleryPage(page);
  await gallery.open();
  await expect(page.getByRole("heading", { level: 2, name: "octo-ui panels" })).toBeAttached();
  // The page's top: the index of every ```ui reply and octo-ui panel, and the first reply drawn.
  await expect(page.getByRole("navigation", { name: "Replies" }).getByRole("link", { name: /^octo-ui · / }).first()).toBeVisible();
  await expect(gallery.reply("Build status")).toBeVisible();
  await page.mouse.move(1, 1);
  const target = process.env.UPDATE_README_SCREENSHOT === "1" ? GALLERY_SCREENSHOT : testInfo.outputPath("gallery-screenshot.png");
  await page.screenshot({ path: target });
});
