/**
 * The list of chats beside a chat page, as a person uses it: date headings,
 * the search box and its results, rename and delete in place. At phone width
 * the list may sit in a drawer behind a menu button; `open` opens it when
 * there is one. Locators use roles and names a screen reader announces.
 */
import { expect, type Locator, type Page } from "@playwright/test";

/** The chat list of one page. */
export class ChatList {
  readonly navigation: Locator;
  readonly newChat: Locator;
  readonly search: Locator;
  readonly searchResults: Locator;
  readonly searchStatus: Locator;

  constructor(readonly page: Page) {
    this.navigation = page.getByRole("navigation", { name: "Chats" });
    this.newChat = this.navigation.getByRole("link", { name: "New chat", exact: true });
    this.search = this.navigation.getByRole("searchbox", { name: "Search chats" });
    this.searchResults = this.navigation.getByRole("list", { name: "Search results" });
    this.searchStatus = this.navigation.getByRole("search").getByRole("status");
  }

  /** Makes the list visible: opens the drawer when the page keeps it behind a menu button (phone width). */
  async open(): Promise<void> {
    if (await this.search.isVisible()) return;
    const menu = this.page.getByRole("button", { name: /^(Chats|Menu|Open chats|Show chats)$/ });
    if ((await menu.count()) > 0) await menu.first().click();
    await expect(this.search).toBeVisible();
  }

  /** A chat's link in the list (not in search results), by its full title. */
  chat(title: string): Locator {
    return this.navigation.locator("li").filter({ has: this.page.getByRole("link", { name: title, exact: true }) }).getByRole("link", { name: title, exact: true }).first();
  }

  /** The date heading over a group of chats. */
  heading(label: string): Locator {
    return this.navigation.getByRole("heading", { name: label, exact: true });
  }

  /** The list under a date heading. */
  group(label: string): Locator {
    return this.navigation.getByRole("list", { name: label, exact: true });
  }

  /** A search result's link, by the chat's title. */
  result(title: string): Locator {
    return this.searchResults.getByRole("link", { name: title, exact: true });
  }

  /** A chat's Delete button. */
  deleteButton(title: string): Locator {
    return this.navigation.getByRole("button", { name: `Delete “${title}”` });
  }

  /** A chat's Rename button. */
  renameButton(title: string): Locator {
    return this.navigation.getByRole("button", { name: `Rename “${title}”` });
  }

  /** The in-place question before a chat is deleted. */
  confirmDelete(title: string): Locator {
    return this.navigation.getByRole("group", { name: `Delete “${title}”?` });
  }
}
