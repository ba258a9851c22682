/**
 * The model reads project data before it writes (`read_project_data`): the
 * replay recording `project-data-tool` calls the tool for the failing tests
 * on main, quotes the slowest one in its prose, and shows the same rows live
 * through `@Query`. The name the prose quotes comes from the seeded demo
 * project (run #1842), and the live table must show it too.
 */
import { expect, test } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";

/** The slowest failing test of run #1842 on main (fixtures/demo-project/test-runs.json). */
const SLOWEST_FAILING = "billing › credits partial refunds";

test("a reply quotes a row it read through the data tool, and its live table shows the same rows", async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
  const chat = new ChatPage(page);
  await chat.send("Summarise the failing tests and name the slowest one");
  await chat.waitForReplyEnd();
  const reply = chat.lastReply();

  // The prose: the row the tool read, with its time.
  const prose = reply.getByText(/The slowest of them is/);
  await expect(prose).toContainText(SLOWEST_FAILING);
  await expect(prose).toContainText("1,204 ms");

  // The panel: the same rows, read live through the query route.
  const table = reply.getByRole("table", { name: "Failing tests on main" });
  await expect(table.locator("tbody").getByRole("row")).toHaveCount(3);
  await expect(table.getByRole("cell", { name: SLOWEST_FAILING })).toBeVisible();
  await expect(table.getByRole("cell", { name: "billing › rounds invoice totals" })).toBeVisible();
  await expect(reply.getByText("Slowest failing", { exact: true }).locator("..")).toContainText("1,204");
  await expect(reply.getByRole("status").filter({ hasText: "Loading live data" })).toHaveCount(0);
  // The tool ran (it is offered): the call is not written out as text, and nothing was refused.
  await expect(reply).not.toContainText("read_project_data");
  await expect(reply).not.toContainText("tool request was refused");
});
