/**
 * A `render_ui` tool call is drawn as a read-only card where the call
 * happened in the reply, and the prose written after it follows it.
 */
import { expect, test } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";

test("a render_ui card is drawn where the call happened, before the text that follows it", async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
  const chat = new ChatPage(page);
  await chat.send("Summarize the current incident");
  await chat.waitForReplyEnd();
  const reply = chat.lastReply();
  const card = chat.panel("INC-2291 · Checkout latency", reply);
  await expect(card).toBeVisible();
  await expect(card).toContainText("Mitigated, not resolved");
  await expect(card.getByRole("textbox")).toHaveCount(0);
  const prose = reply.getByText(/^INC-2291 \(SEV-2, checkout in the EU region\)/);
  await expect(prose).toBeVisible();
  const [cardBox, proseBox] = [await card.boundingBox(), await prose.boundingBox()];
  expect(cardBox && proseBox && cardBox.y < proseBox.y, "the card stands before the prose that follows the call").toBe(true);
});
