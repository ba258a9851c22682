/**
 * Issue 8, "Transport preview on every reply": each reply of a chat switches
 * between Web, IM and Terminal and shows exactly what that transport would:
 * the tree on the web; in IM and the terminal the prose with each ```ui
 * block as its fallback text, each octo-ui fence as its placeholder line and
 * no render_ui card at all (those transports never show tool cards), with a
 * warning when the text then does not stand on its own. The web view is
 * kept as it was (a panel's state survives the round trip). By keyboard, at
 * 390×844 and 1280×800, light and dark.
 */
import { expect, test, type Locator } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";

const SCREENSHOTS = process.env.E2E_OUTPUT_DIR ?? "../test-results";

/** A reply's transport switch and what it shows. */
function transports(reply: Locator) {
  const tabs = reply.getByRole("tablist", { name: "This reply: show as" });
  return {
    tabs,
    tab: (name: "Web" | "IM" | "Terminal") => tabs.getByRole("tab", { name, exact: true }),
    text: (name: "IM" | "Terminal") => reply.getByLabel(`This reply as ${name} shows it`, { exact: true }),
    warning: reply.getByRole("note", { name: "Does not stand on its own" }),
  };
}

for (const { viewport, scheme } of [
  { viewport: { width: 390, height: 844 }, scheme: "dark" as const },
  { viewport: { width: 1280, height: 800 }, scheme: "light" as const },
]) {
  test(`a reply with both dialects and a render_ui card shows as Web, IM and Terminal (${viewport.width}×${viewport.height}, ${scheme})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: scheme });
    await new SignInPage(page).continueAsGuest("/");
    const chat = new ChatPage(page);
    await chat.send("Give me the morning briefing");
    await chat.waitForReplyEnd();
    const reply = chat.lastReply();
    const view = transports(reply);

    // The web: the card, the ```ui steps and the octo-ui panel, drawn.
    await expect(view.tab("Web")).toHaveAttribute("aria-selected", "true");
    await expect(chat.panel("Overnight on-call", reply)).toBeVisible();
    await expect(reply.getByText("Raise the indexer's disk alarm threshold")).toBeVisible();
    const overnight = chat.panel("Overnight log", reply);
    await expect(overnight).toBeVisible();
    // A panel's own state, to see it kept after the round trip.
    await overnight.getByRole("tab", { name: "Pages (2)" }).click();
    await expect(overnight.getByRole("cell", { name: "search-indexer disk 85%" }).first()).toBeVisible();

    // IM, by keyboard: the prose, the block's fallback, the fence's placeholder line; no card.
    await view.tab("Web").focus();
    await page.keyboard.press("ArrowRight");
    await expect(view.tab("IM")).toBeFocused();
    await expect(view.tab("IM")).toHaveAttribute("aria-selected", "true");
    const im = view.text("IM");
    await expect(im).toBeVisible();
    await expect(im).toContainText("Good morning. Overnight was quiet");
    await expect(im).toContainText("Raise the indexer's disk alarm threshold");
    await expect(im).toContainText("[Interactive panel “Overnight log” — open this chat in the web app to use it]");
    await expect(im).toContainText("Nothing needs you before stand-up");
    await expect(im).not.toContainText("Overnight on-call");
    await expect(im).not.toContainText("```");
    await expect(reply.getByText("A card of this reply is not shown in IM: only the text is.")).toBeVisible();
    await expect(view.warning).toHaveCount(0);
    await expect(overnight).toBeHidden();
    await page.screenshot({ path: `${SCREENSHOTS}/transport-im-${viewport.width}x${viewport.height}-${scheme}.png` });

    // Terminal: the same text, as a terminal draws it.
    await page.keyboard.press("ArrowRight");
    await expect(view.tab("Terminal")).toHaveAttribute("aria-selected", "true");
    await expect(view.text("Terminal")).toContainText("Good morning. Overnight was quiet");
    await expect(view.text("Terminal")).toContainText("[Interactive panel “Overnight log” — open this chat in the web app to use it]");
    await expect(view.text("Terminal")).toHaveCSS("font-family", /mono/i);

    // Back to the web: the panel as it was left, nothing redrawn from scratch.
    await page.keyboard.press("ArrowRight");
    await expect(view.tab("Web")).toHaveAttribute("aria-selected", "true");
    await expect(overnight.getByRole("tab", { name: "Pages (2)" })).toHaveAttribute("aria-selected", "true");
    await expect(chat.panel("Overnight on-call", reply)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  });
}

test("a card whose reply says nothing on its own is flagged in IM and the terminal", async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
  const chat = new ChatPage(page);
  await chat.send("Simulate a card without words");
  await chat.waitForReplyEnd();
  const reply = chat.lastReply();
  const view = transports(reply);
  await expect(chat.panel("Queue depth", reply)).toBeVisible();
  await expect(view.warning).toHaveCount(0);
  await view.tab("Terminal").click();
  await expect(view.text("Terminal")).toHaveText("Here it is — see the card above.");
  await expect(view.warning).toBeVisible();
  await expect(view.warning).toContainText("The text is too short to stand on its own without the card.");
  await expect(view.warning).toContainText("The text points at the card, which is not shown here.");
  // After a reload the reply is the stored one: the same.
  await page.reload();
  await transports(chat.lastReply()).tab("IM").click();
  await expect(transports(chat.lastReply()).warning).toBeVisible();
});
