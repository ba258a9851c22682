/**
 * Accounts as a person goes through them: sign up with name, email and
 * password, sign out from the header, sign in again.
 */
import { expect, type Page } from "@playwright/test";

/** A person's credentials. */
export type Credentials = { name: string; email: string; password: string };

/** New credentials no other run uses. */
export function newCredentials(name: string): Credentials {
  return { name, email: `${name.toLowerCase()}-${crypto.randomUUID()}@example.test`, password: "a long enough password" };
}

/** The sign-up, sign-in and sign-out steps of one browser page. */
export class AccountPages {
  constructor(private readonly page: Page) {}

  /** Creates an account from the sign-up page; ends on the start page, signed in. */
  async signUp(person: Credentials): Promise<void> {
    await this.page.goto("/sign-up");
    await this.page.getByLabel("Name").fill(person.name);
    await this.page.getByLabel("Email").fill(person.email);
    await this.page.getByLabel("Password").fill(person.password);
    await this.page.getByRole("button", { name: "Create account" }).click();
    await this.page.waitForURL((url) => url.pathname === "/");
  }

  /** Signs out from the header; ends on the sign-in page. */
  async signOut(): Promise<void> {
    await this.page.getByRole("button", { name: "Sign out" }).click();
    await expect(this.page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  }

  /** Signs in from the sign-in page; ends on the start page. */
  async signIn(person: Credentials): Promise<void> {
    await this.page.goto("/sign-in");
    await this.page.getByLabel("Email").fill(person.email);
    await this.page.getByLabel("Password").fill(person.password);
    await this.page.getByRole("button", { name: "Sign in" }).click();
    await this.page.waitForURL((url) => url.pathname === "/");
  }
}
