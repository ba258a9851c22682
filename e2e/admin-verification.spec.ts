/**
 * The admin role needs a verified address. The server under test lists
 * admin@example.test in ADMIN_EMAILS (e2e/playwright.config.ts): signing up
 * with it through the form gives an ordinary account (chatting works, /admin
 * is a 404) until the person opens the verification link the server "sent"
 * (its log sender writes it to the outbox file); then the same session is an
 * admin, without signing in again.
 */
import { expect, test } from "@playwright/test";
import { nextMailTo, outboxMark } from "./support/auth-outbox";
import { SignUpPage } from "./pages/sign-up-page";
import { VerifyEmailPage } from "./pages/verify-email-page";

/** The address the config lists in ADMIN_EMAILS. */
const LISTED_ADMIN_EMAIL = "admin@example.test";

test("signing up with a listed address is not enough for /admin; opening the verification link is", async ({ page }) => {
  const mark = await outboxMark();
  await new SignUpPage(page).signUp({ name: "Ada Admin", email: LISTED_ADMIN_EMAIL, password: "a long enough password" });

  // An ordinary account: it chats at once, is offered to verify, and has no way into the admin view.
  await expect(page.getByRole("textbox", { name: "Message" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Admin" })).toHaveCount(0);
  const refused = await page.goto("/admin");
  expect(refused?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  await expect(page.getByText("Saved replies with panels")).toHaveCount(0);

  // The link the sign-up sent, and a second one asked for on the verification page: the newest is followed.
  await nextMailTo(LISTED_ADMIN_EMAIL, mark);
  await page.goto("/");
  const verification = new VerifyEmailPage(page);
  await verification.openFromAccountMenu();
  await expect(page.getByText(`We sent a link to ${LISTED_ADMIN_EMAIL}.`)).toBeVisible();
  const beforeResend = await outboxMark();
  await verification.resend(LISTED_ADMIN_EMAIL);
  const newestLink = await nextMailTo(LISTED_ADMIN_EMAIL, beforeResend);

  // A tampered link verifies nothing, and says so.
  const tampered = new URL(newestLink);
  tampered.searchParams.set("token", `${tampered.searchParams.get("token") ?? ""}x`);
  await verification.follow(tampered.toString());
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("That link is not valid. Send yourself a new one.");
  expect((await page.goto("/admin"))?.status()).toBe(404);

  // The real link: the address is verified and this very session is an admin.
  await verification.follow(newestLink);
  await expect(page.getByRole("heading", { name: "Your email is verified" })).toBeVisible();
  await expect(page.getByText(`${LISTED_ADMIN_EMAIL} is confirmed as yours.`)).toBeVisible();
  await page.getByRole("link", { name: "Open the admin view" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
  await expect(page.getByRole("heading", { name: "Saved replies with panels" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Admin" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Verify email" })).toHaveCount(0);
  const admitted = await page.goto("/admin");
  expect(admitted?.status()).toBe(200);
});
