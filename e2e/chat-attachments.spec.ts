/**
 * Issue 8, images and attachments, as a person attaches them: one image by
 * the picker, one pasted, one dropped on the message box; a text file and
 * an HTML file named .png are refused in words (the second by the server,
 * from its bytes) and removed by keyboard. The prompt shows its images, the
 * reply's `Image generated="latest"` draws the last one — live and after a
 * reload — and every image the page asks for is one of this chat's, at the
 * chat's URL: nothing leaves the origin. The image is served with its type,
 * `inline`, `nosniff` and a policy under which nothing runs, and another
 * person asking for the same URL finds nothing. At 1280×800 light and
 * 390×844 dark.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { solidPng } from "../lib/attachments/testing/solid-png";
import { ChatPage } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";
import { withDatabase } from "./support/database";

const SCREENS = [
  { name: "1280×800 light", viewport: { width: 1280, height: 800 }, colorScheme: "light" as const },
  { name: "390×844 dark", viewport: { width: 390, height: 844 }, colorScheme: "dark" as const },
];

/** The composer's list of attached images. */
function tray(page: Page): Locator {
  return page.getByRole("form", { name: "Send a message" }).getByRole("list", { name: "Attached images" });
}

/** Hands `file` to the composer the way a browser does for a paste (`paste`) or a drop (`drop`). */
async function deliver(page: Page, how: "paste" | "drop", file: { name: string; type: string; bytes: Buffer }): Promise<void> {
  await page.evaluate(
    ({ how, name, type, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type }));
      const form = document.querySelector<HTMLFormElement>('form[aria-label="Send a message"]');
      const box = form?.querySelector("textarea");
      if (!form || !box) throw new Error("no composer");
      if (how === "paste") {
        box.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
      } else {
        form.dispatchEvent(new DragEvent("dragover", { dataTransfer: transfer, bubbles: true, cancelable: true }));
        form.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
      }
    },
    { how, name: file.name, type: file.type, base64: file.bytes.toString("base64") },
  );
}

/** The pixel width an `<img>` decoded to (0 when it did not load). */
function naturalWidth(image: Locator): Promise<number> {
  return image.evaluate((element) => (element as HTMLImageElement).naturalWidth);
}

for (const screen of SCREENS) {
  test(`images attached by picker, paste and drop reach the thread and the reply's Image; nothing else is fetched (${screen.name})`, async ({ page, browser }) => {
    await page.setViewportSize(screen.viewport);
    await page.emulateMedia({ colorScheme: screen.colorScheme });
    const requests: { url: string; type: string }[] = [];
    page.on("request", (request) => requests.push({ url: request.url(), type: request.resourceType() }));
    await new SignInPage(page).continueAsGuest("/");
    const chat = new ChatPage(page);
    const form = page.getByRole("form", { name: "Send a message" });

    // A text file is refused before it is sent anywhere; an HTML file named .png is refused by the server, from its bytes.
    const picker = form.locator("input[type=file]");
    await picker.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("just text") });
    await expect(tray(page).getByRole("listitem")).toHaveCount(1);
    await expect(tray(page)).toContainText("Only PNG, JPEG, GIF and WebP images can be attached.");
    await picker.setInputFiles({ name: "page.png", mimeType: "image/png", buffer: Buffer.from("<!doctype html><script>alert(1)</script>") });
    await expect(tray(page).getByRole("listitem")).toHaveCount(2);
    await expect(tray(page).getByRole("listitem").nth(1)).toContainText("Only PNG, JPEG, GIF and WebP images can be attached.");
    // While any is refused, sending waits, and says why.
    await chat.composer.fill("What is in the picture I attached?");
    await expect(chat.sendButton).toBeDisabled();
    await expect(form.getByRole("alert").filter({ hasText: "Remove the images that could not be attached to send." })).toBeVisible();
    // Removed by keyboard.
    for (const name of ["notes.txt", "page.png"]) {
      await form.getByRole("button", { name: `Remove ${name}` }).focus();
      await page.keyboard.press("Enter");
    }
    await expect(tray(page)).toHaveCount(0);

    // Three real images: picked, pasted, dropped.
    await picker.setInputFiles({ name: "picked.png", mimeType: "image/png", buffer: solidPng(40, 30, [220, 60, 40]) });
    await deliver(page, "paste", { name: "pasted.png", type: "image/png", bytes: solidPng(30, 30, [40, 160, 60]) });
    await deliver(page, "drop", { name: "dropped.png", type: "image/png", bytes: solidPng(64, 48, [40, 80, 220]) });
    const drafts = tray(page).getByRole("listitem");
    await expect(drafts).toHaveCount(3);
    for (const [index, name] of ["picked.png", "pasted.png", "dropped.png"].entries()) {
      await expect(drafts.nth(index)).toContainText(name);
      await expect(drafts.nth(index)).not.toContainText("Attaching…");
    }
    await page.screenshot({ path: `test-results/attachments-composer-${screen.viewport.width}.png` });
    await expect(chat.sendButton).toBeEnabled();
    await chat.composer.press("Enter");
    await page.waitForURL(/\/chat\/[^/]+$/);
    await chat.waitForReplyEnd();
    const chatId = chat.chatId();

    // The prompt carries its three images, each loaded from this chat's URL for it.
    const prompt = chat.prompts().last();
    const thumbnails = prompt.getByRole("list", { name: "Attached images" }).getByRole("img");
    await expect(thumbnails).toHaveCount(3);
    const ids = await withDatabase((sql) => sql<{ id: string; name: string }[]>`select id, name from attachments where chat_id = ${chatId} order by attached_at`);
    expect(ids.map((row) => row.name)).toEqual(["picked.png", "pasted.png", "dropped.png"]);
    for (const [index, row] of ids.entries()) {
      await expect(thumbnails.nth(index)).toHaveAttribute("src", `/api/chats/${chatId}/attachments/${row.id}`);
      await expect.poll(() => naturalWidth(thumbnails.nth(index))).toBeGreaterThan(0);
    }
    // The composer is empty again.
    await expect(tray(page)).toHaveCount(0);

    // The reply's Image generated="latest" is the last one attached, drawn at its own size.
    const shown = chat.lastReply().locator("figure[data-attachment] img");
    await expect(shown).toHaveCount(1);
    await expect(shown).toHaveAttribute("src", `/api/chats/${chatId}/attachments/${ids[2]?.id}`);
    await expect(shown).toHaveAttribute("alt", "The image you attached");
    await expect.poll(() => naturalWidth(shown)).toBe(64);
    await shown.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/attachments-reply-${screen.viewport.width}.png` });

    // After a reload, the same.
    await page.reload();
    await expect(chat.lastReply().locator("figure[data-attachment] img")).toHaveAttribute("src", `/api/chats/${chatId}/attachments/${ids[2]?.id}`);
    await expect.poll(() => naturalWidth(chat.lastReply().locator("figure[data-attachment] img"))).toBe(64);

    // Nothing left the origin, and every attachment asked for is one of this chat's, at its URL.
    const origin = new URL(page.url()).origin;
    expect(requests.filter((request) => !request.url.startsWith(origin) && !request.url.startsWith("blob:") && !request.url.startsWith("data:"))).toEqual([]);
    const attachmentRequests = requests.filter((request) => new URL(request.url).pathname.includes("/attachments/"));
    expect(attachmentRequests.length).toBeGreaterThan(0);
    const allowed = new Set(ids.map((row) => `${origin}/api/chats/${chatId}/attachments/${row.id}`));
    expect(attachmentRequests.filter((request) => !allowed.has(request.url))).toEqual([]);

    // Served with its checked type, inline under its name, never sniffed, under a policy where nothing runs.
    const response = await page.request.get(`/api/chats/${chatId}/attachments/${ids[2]?.id}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    expect(response.headers()["content-disposition"]).toBe(`inline; filename="dropped.png"; filename*=UTF-8''dropped.png`);
    expect(response.headers()["content-security-policy"]).toContain("sandbox");
    expect(Buffer.from(await response.body()).equals(solidPng(64, 48, [40, 80, 220]))).toBe(true);

    // Another person asking for the same URL finds nothing.
    const stranger = await browser.newContext();
    try {
      const strangerPage = await stranger.newPage();
      await new SignInPage(strangerPage).continueAsGuest("/");
      const refused = await strangerPage.request.get(`/api/chats/${chatId}/attachments/${ids[2]?.id}`);
      expect(refused.status()).toBe(404);
      expect(refused.headers()["content-type"]).not.toContain("image/");
    } finally {
      await stranger.close();
    }
  });
}
