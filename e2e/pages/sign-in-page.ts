/**
 * The way in: a newcomer opens the app, is sent to sign in, and continues as
 * a guest with one click.
 */
import { expect, type Page } from "@playwright/test";

/** The sign-in page as a person sees it. */
export class SignInPage {
  constructor(private readonly page: Page) {}

  /** Opens the app at `path` as a stranger and continues as a guest; ends on `path`. */
  async continueAsGuest(path = "/"): Promise<void> {
    await this.page.goto(path);
    await expect(this.page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await this.page.getByRole("button", { name: "Continue as guest" }).click();
    await this.page.waitForURL((url) => url.pathname === path);
  }
}
