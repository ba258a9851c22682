/** Creating an account through the sign-up form, as a person does. */
import { expect, type Page } from "@playwright/test";

/** The sign-up page as a person sees it. */
export class SignUpPage {
  constructor(private readonly page: Page) {}

  /** Opens the sign-up form, fills it in and submits it; ends on the page the form returns to (the chat). */
  async signUp(person: { name: string; email: string; password: string }): Promise<void> {
    await this.page.goto("/sign-up");
    await expect(this.page.getByRole("heading", { name: "Create an account" })).toBeVisible();
    await this.page.getByLabel("Name").fill(person.name);
    await this.page.getByLabel("Email").fill(person.email);
    await this.page.getByLabel("Password").fill(person.password);
    await this.page.getByRole("button", { name: "Create account" }).click();
    await this.page.waitForURL((url) => url.pathname === "/");
  }
}
