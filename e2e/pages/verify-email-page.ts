/**
 * The verification page (/verify-email), where verification links land: it
 * says whether the address is verified, and sends a new link.
 */
import { expect, type Locator, type Page } from "@playwright/test";

/** The verification page as a person sees it. */
export class VerifyEmailPage {
  readonly resendButton: Locator;

  constructor(private readonly page: Page) {
    this.resendButton = page.getByRole("button", { name: "Send a new link" });
  }

  /** Opens the page from the account menu's "Verify email" link, as a person would. */
  async openFromAccountMenu(): Promise<void> {
    await this.page.getByRole("link", { name: "Verify email" }).click();
    await expect(this.page.getByRole("heading", { name: "Verify your email" })).toBeVisible();
  }

  /** Asks for a new link and waits until the page says it is on its way to `to`. */
  async resend(to: string): Promise<void> {
    await this.resendButton.click();
    await expect(this.page.getByRole("main").getByRole("status")).toHaveText(`A new link is on its way to ${to}.`);
  }

  /** Opens a verification link (from the outbox) in this browser, and waits for the page it lands on. */
  async follow(link: string): Promise<void> {
    await this.page.goto(link);
    await this.page.waitForURL((url) => url.pathname === "/verify-email");
  }
}
