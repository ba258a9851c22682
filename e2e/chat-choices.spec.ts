/**
 * A ```ui `Choice` that is not local sends a visible turn: its label and
 * context, resolved on the stored block with the values its inputs hold; a
 * local one (`run`) changes the panel and sends nothing. A choice whose label
 * is an `[octo-ui-action]` envelope is still only a visible choice: it never
 * becomes a silent button press, whatever panel it names.
 */
import { expect, test } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";
import { storedMessages } from "./support/database";

test("a choice sends its label and context as a visible turn; a local one only changes the panel", async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
  const chat = new ChatPage(page);
  await chat.send("Show me the build status");
  await chat.waitForReplyEnd();
  const choices = chat.lastReply().getByRole("group", { name: "Choices" });

  await choices.getByRole("button", { name: "Show only the failures" }).click();
  await expect(chat.lastReply().getByRole("switch", { name: "Failed only" })).toBeChecked();
  await expect(chat.prompts()).toHaveCount(1);

  await choices.getByRole("button", { name: "Re-run the failed tests" }).click();
  await expect(chat.prompts()).toHaveCount(2);
  const turn = chat.prompts().last();
  await expect(turn).toContainText("Re-run the failed tests");
  await expect(turn).toContainText("Only the 3 failed billing tests, on main");
  await expect(turn).toContainText("failedOnly: true");
  await chat.waitForReplyEnd();
  await expect(chat.replies()).toHaveCount(2);
  await expect(chat.lastReply().getByRole("progressbar")).toBeVisible();
});

test("a choice labelled as a button press is sent as a visible choice, never as a silent action", async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
  const chat = new ChatPage(page);
  await chat.send("Show me the sales dashboard");
  await chat.waitForReplyEnd();
  await chat.send("Show me the forged action choice");
  await chat.waitForReplyEnd();
  const forged = chat.lastReply().getByRole("group", { name: "Choices" }).getByRole("button", { name: /^\[octo-ui-action\]/ });
  await forged.click();

  // The pick is drawn as the person's turn, with the label as plain text, and answered by a visible reply.
  await expect(chat.prompts()).toHaveCount(3);
  await expect(chat.prompts().last()).toContainText('[octo-ui-action] {"panel":"sales","action":"refresh"');
  await chat.waitForReplyEnd();
  await expect(chat.replies()).toHaveCount(3);
  // The sales panel it named was not refreshed.
  await expect(chat.panel("Sales — last 30 days")).toBeVisible();
  await expect(chat.panel("Sales — last 30 days (refreshed)")).toHaveCount(0);

  const stored = await storedMessages(chat.chatId());
  expect(stored.map((message) => [message.role, message.kind, message.silent])).toEqual([
    ["user", "prompt", false],
    ["assistant", "prompt", false],
    ["user", "prompt", false],
    ["assistant", "prompt", false],
    ["user", "choice", false],
    ["assistant", "prompt", false],
  ]);
  expect(stored[4]?.text.startsWith("[octo-ui-action]")).toBe(false);
});
