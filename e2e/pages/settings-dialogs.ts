/**
 * The two settings dialogs as a person sees them: "Chat settings" beside the
 * model picker (instructions and temperature for one chat) and "Preferences"
 * in the account menu (theme, model for new chats). Located by roles and
 * names a screen reader announces.
 */
import { expect, type Locator, type Page } from "@playwright/test";
import { PageLayout } from "./page-layout";

/** The chat settings dialog of the open chat (or of the chat about to start). */
export class ChatSettingsDialog {
  readonly opener: Locator;
  readonly dialog: Locator;
  readonly instructions: Locator;
  readonly temperature: Locator;
  readonly save: Locator;
  readonly close: Locator;
  readonly status: Locator;

  constructor(readonly page: Page) {
    this.opener = page.getByRole("button", { name: /^Chat settings/ });
    this.dialog = page.getByRole("dialog", { name: "Chat settings" });
    this.instructions = this.dialog.getByRole("textbox", { name: "Instructions for this chat" });
    this.temperature = this.dialog.getByRole("textbox", { name: "Temperature" });
    this.save = this.dialog.getByRole("button", { name: "Save" });
    this.close = this.dialog.getByRole("button", { name: "Close" });
    this.status = this.dialog.getByRole("status");
  }

  /** Opens the dialog with its button; focus lands on the instructions. */
  async open(): Promise<void> {
    await this.opener.click();
    await expect(this.dialog).toBeVisible();
    await expect(this.instructions).toBeFocused();
  }

  /** Fills both fields and saves. */
  async fillAndSave(values: { instructions: string; temperature: string }): Promise<void> {
    await this.instructions.fill(values.instructions);
    await this.temperature.fill(values.temperature);
    await this.save.click();
  }
}

/** The person's preferences dialog, from the account menu. */
export class PreferencesDialog {
  readonly opener: Locator;
  readonly dialog: Locator;
  readonly modelForNewChats: Locator;
  readonly status: Locator;
  readonly done: Locator;

  constructor(readonly page: Page) {
    this.opener = page.getByRole("button", { name: "Preferences" });
    this.dialog = page.getByRole("dialog", { name: "Preferences" });
    this.modelForNewChats = this.dialog.getByRole("combobox", { name: "Model for new chats" });
    this.status = this.dialog.getByRole("status");
    this.done = this.dialog.getByRole("button", { name: "Done" });
  }

  /** The theme choice by its label: "Same as this device", "Light" or "Dark". */
  theme(label: "Same as this device" | "Light" | "Dark"): Locator {
    return this.dialog.getByRole("group", { name: "Theme" }).getByRole("radio", { name: label, exact: true });
  }

  /** Opens the dialog; at phone width the account menu sits behind the header's "Menu", which is opened first. */
  async open(): Promise<void> {
    const siteMenu = new PageLayout(this.page).siteMenuButton;
    if (!(await this.opener.isVisible()) && (await siteMenu.isVisible())) await siteMenu.click();
    await this.opener.click();
    await expect(this.dialog).toBeVisible();
  }
}
