/**
 * A ```ui `Choice` that is not local sends a visible turn: its label and
 * context, resolved on the stored block with the values its inputs hold; a
 * local one (`run`) changes the panel and sends nothing.
 */
import { expect, test } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";

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
