/** The comparison playground as a person uses it: the new-run form, a run's panes, its vote. */
import { expect, type Locator, type Page } from "@playwright/test";

/** Longest a run's panes take on the replay personas at model pace. */
export const RUN_TIMEOUT_MS = 45_000;

/** The comparison pages. */
export class ComparePage {
  constructor(private readonly page: Page) {}

  /** Starts a run from /compare with the form's default models; ends on the run's page. */
  async start(prompt: string, options: { blind?: boolean; /** Model ids by slot number (1-based) to pick instead of the defaults. */ models?: Record<number, string> } = {}): Promise<string> {
    await this.page.goto("/compare");
    await this.page.getByLabel("Prompt", { exact: true }).fill(prompt);
    for (const [slot, modelId] of Object.entries(options.models ?? {})) await this.page.getByLabel(`Model ${slot}`, { exact: true }).selectOption(modelId);
    const blind = this.page.getByLabel("Blind (hide names until I vote)");
    if (options.blind === false) await blind.uncheck();
    await this.page.getByRole("button", { name: /^Run on \d+ panes$/ }).click();
    await this.page.waitForURL(/\/compare\/[0-9a-f-]{36}$/);
    return this.runId();
  }

  /** The open run's id. */
  runId(): string {
    return new URL(this.page.url()).pathname.split("/").pop() ?? "";
  }

  /** One pane by its label (A, B, …). */
  pane(label: string): Locator {
    return this.page.locator(`section[data-pane="${label}"]`);
  }

  /** Every pane. */
  panes(): Locator {
    return this.page.locator("section[data-pane]");
  }

  /** Waits until no pane is writing. */
  async waitForAllDone(): Promise<void> {
    await expect(this.page.locator('section[data-pane][aria-busy="true"]')).toHaveCount(0, { timeout: RUN_TIMEOUT_MS });
  }
}
