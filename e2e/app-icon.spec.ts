/**
 * Issue 12, "a favicon and an app manifest": pages link an icon and a
 * manifest that load, and no page logs a failed favicon request.
 */
import { expect, test } from "@playwright/test";
import { SignInPage } from "./pages/sign-in-page";

test("the start page loads its icon and manifest, with no favicon error in the console", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`${message.text()} ${message.location().url}`);
  });
  const failedIcons: string[] = [];
  page.on("response", (response) => {
    if (/favicon|icon|manifest/.test(response.url()) && response.status() >= 400) failedIcons.push(`${response.status()} ${response.url()}`);
  });

  await new SignInPage(page).continueAsGuest("/");
  await page.reload();
  await page.waitForLoadState("networkidle");

  const iconHref = await page.locator('link[rel="icon"]').first().getAttribute("href");
  expect(iconHref).toMatch(/^\/icon\.svg/);
  const icon = await page.request.get(iconHref ?? "");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");

  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(manifestHref).toBe("/manifest.webmanifest");
  const manifest = await page.request.get(manifestHref ?? "");
  expect(manifest.status()).toBe(200);
  expect(await manifest.json()).toMatchObject({
    name: "Octo playground",
    short_name: "Octo",
    display: "standalone",
    icons: [{ src: "/icon.svg", type: "image/svg+xml" }],
  });

  expect(failedIcons).toEqual([]);
  expect(problems.filter((problem) => /favicon|icon|manifest/i.test(problem))).toEqual([]);
});
