/**
 * Issue 12, "Every reply names its model": the author line of a reply, live
 * and stored, names the model that wrote it by the picker's name; its details
 * (reached by keyboard) give the token counts and the compile time.
 */
import { expect, test } from "@playwright/test";
import { ChatPage, REPLY_TIMEOUT_MS } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";

/** The replay model's name in the picker (lib/models/registry.ts). */
const REPLAY_NAME = "Replay (recorded replies)";

test("every reply names its model, live and stored, with its tokens and compile time in a keyboard-reachable disclosure", async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
  const chat = new ChatPage(page);
  await expect(chat.modelPicker.getByRole("option", { name: REPLAY_NAME })).toHaveCount(1);

  // While it is written.
  await chat.send("Simulate a slow reply");
  const live = chat.lastReply();
  await expect(live).toHaveAttribute("aria-busy", "true", { timeout: REPLY_TIMEOUT_MS });
  await expect(live).toHaveAccessibleName(`Assistant, ${REPLAY_NAME}`);
  await chat.stopButton.click();
  await chat.waitForReplyEnd();

  // Stored, and again after a reload.
  await chat.send("Show me the build status");
  await chat.waitForReplyEnd();
  await page.reload();
  const reply = chat.lastReply();
  await expect(reply).toHaveAccessibleName(`Assistant, ${REPLAY_NAME}`);
  await expect(reply).toContainText(REPLAY_NAME);

  // The details: on hover (a tooltip) and by keyboard (a disclosure).
  const toggle = chat.replyDetailsToggle(reply);
  await expect(toggle).toHaveAttribute("title", /^Model: Replay \(recorded replies\) \(replay:default\) · Tokens: [\d,]+ in \/ [\d,]+ out( \(estimated\))? · Compile time: [\d.,]+ m?s$/);
  await toggle.focus();
  await expect(toggle).toBeFocused();
  await page.keyboard.press("Enter");
  const details = reply.getByRole("group").filter({ has: page.getByText("Details", { exact: true }) });
  await expect(details.getByRole("term")).toHaveText(["Model", "Tokens", "Compile time"]);
  await expect(details.getByRole("definition").nth(1)).toHaveText(/^[\d,]+ in \/ [\d,]+ out( \(estimated\))?$/);
  await expect(details.getByRole("definition").nth(2)).toHaveText(/^[\d.,]+ m?s$/);
  await page.keyboard.press("Enter");
  await expect(details.getByRole("term")).toHaveCount(0);
});
