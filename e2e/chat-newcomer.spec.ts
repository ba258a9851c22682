/**
 * Issue 4, "Done when" 1: a newcomer opens the app, continues as a guest,
 * sends a prompt and sees text and a panel appear while the reply is still
 * being written, then the final panel.
 */
import { expect, test } from "@playwright/test";
import { ChatPage, REPLY_TIMEOUT_MS } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";

test("a newcomer sees text and a panel before the reply finishes, then the final panel", async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
  const chat = new ChatPage(page);
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  await expect(chat.modelPicker).toHaveValue("replay:default");

  await chat.send("Show me the build status");
  const reply = chat.lastReply();

  // The panel's first parts, while the reply is still being written (Stop offered, the reply busy).
  await expect(reply).toContainText("Main is red", { timeout: REPLY_TIMEOUT_MS });
  await expect(reply.getByRole("switch", { name: "Failed only" })).toBeVisible({ timeout: REPLY_TIMEOUT_MS });
  expect(await chat.isStreaming(), "the panel showed before the reply finished").toBe(true);
  await expect(reply).toHaveAttribute("aria-busy", "true");
  await expect(chat.sendButton).toBeDisabled();

  // The final panel: every row of the table, the choices, and the closing sentence.
  await chat.waitForReplyEnd();
  const final = chat.lastReply();
  await expect(final).not.toHaveAttribute("aria-busy", "true");
  const table = final.getByRole("table", { name: "All tests" });
  await expect(table.getByRole("row")).toHaveCount(13);
  await expect(final.getByRole("group", { name: "Choices" }).getByRole("button", { name: "Re-run the failed tests" })).toBeEnabled();
  await expect(final).toContainText("All three failures touch invoice rounding");
  await expect(final.getByText("Stopped")).toHaveCount(0);

  // The panel is live: the switch shows only the failures, locally.
  await final.getByRole("switch", { name: "Failed only" }).check();
  await expect(final.getByRole("table", { name: "Failed tests" }).getByRole("row")).toHaveCount(4);

  // The new chat is in the list, current.
  await expect(chat.chatList.getByRole("link", { name: /build status/i })).toHaveAttribute("aria-current", "page");
});
