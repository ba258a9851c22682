/** A guest's sign-out, which asks first (app/(auth)/_components/guest-sign-out.tsx). */
import { expect, type Locator, type Page } from "@playwright/test";

/** The account menu's "Sign out" and the question it opens for a guest. */
export class GuestSignOutDialog {
  readonly signOutButton: Locator;
  readonly dialog: Locator;
  readonly createAccount: Locator;
  readonly signOutAnyway: Locator;
  readonly cancel: Locator;

  constructor(readonly page: Page) {
    this.signOutButton = page.getByRole("banner").getByRole("button", { name: "Sign out" });
    this.dialog = page.getByRole("dialog", { name: "Sign out of the guest session?" });
    this.createAccount = this.dialog.getByRole("link", { name: "Create an account to keep them" });
    this.signOutAnyway = this.dialog.getByRole("button", { name: "Sign out anyway" });
    this.cancel = this.dialog.getByRole("button", { name: "Cancel" });
  }

  /** Presses "Sign out" (at phone width first opening the header's Menu it is behind) and waits for the question. */
  async open(): Promise<void> {
    const menu = this.page.getByRole("banner").getByRole("button", { name: "Menu" });
    if (!(await this.signOutButton.isVisible()) && (await menu.isVisible())) await menu.click();
    await this.signOutButton.click();
    await expect(this.dialog).toBeVisible();
  }
}
