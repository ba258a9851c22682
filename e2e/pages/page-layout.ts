/**
 * The page's layout as boxes (app/_components/chat/shell, the site header):
 * the chat list's drawer and the header's menu at phone width, and the checks
 * a layout spec makes from element boxes — which visible controls overlap,
 * whether the page scrolls sideways — instead of by eye.
 */
import { type Locator, type Page } from "@playwright/test";

/** One overlap: the two elements, described, and the overlapping area in CSS pixels. */
export type Overlap = { first: string; second: string; width: number; height: number };

/** The header's controls and what they open. */
export class PageLayout {
  readonly header: Locator;
  /** The header's button that opens the chat list at phone width. */
  readonly chatListButton: Locator;
  /** The header's "Menu" (sections and account) at phone width. */
  readonly siteMenuButton: Locator;
  readonly sections: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByRole("banner");
    this.chatListButton = this.header.getByRole("button", { name: "Chats" });
    this.siteMenuButton = this.header.getByRole("button", { name: "Menu" });
    this.sections = page.getByRole("navigation", { name: "Sections" });
  }

  /** The page's width beyond the window (0 when it does not scroll sideways). */
  horizontalOverflow(): Promise<number> {
    return this.page.evaluate(() => {
      const root = document.documentElement;
      return Math.max(root.scrollWidth, document.body.scrollWidth) - root.clientWidth;
    });
  }

  /**
   * Visible controls, header parts and composer parts whose boxes overlap.
   * Each box is clipped to the window and to every ancestor that clips
   * (scroll boxes), so what is scrolled out of view is not counted; an
   * element inside another (a link's icon) is not an overlap; touching
   * edges (1 px) are not either. `ignoreText` names, by the start of their
   * text, controls that float over the thread on purpose.
   */
  overlaps(options: { ignoreText?: readonly string[] } = {}): Promise<Overlap[]> {
    return this.page.evaluate((ignore: readonly string[]) => {
      const CONTROLS = 'a[href], button, input, select, textarea, summary, [role="img"], [tabindex]:not([tabindex="-1"])';
      // Text of the header, the chat's title bar and the composer counts as well as its controls.
      const REGIONS = 'header, form[aria-label="Send a message"]';
      const TOUCH_PX = 1;
      const candidates = new Set<Element>(Array.from(document.querySelectorAll(CONTROLS)));
      for (const region of Array.from(document.querySelectorAll(REGIONS))) {
        for (const element of Array.from(region.querySelectorAll("*"))) {
          const ownText = Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? "").trim() !== "");
          if (ownText) candidates.add(element);
        }
      }
      const describe = (element: Element) => {
        const name = element.getAttribute("aria-label") ?? (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
        return `<${element.localName}> “${name}”`;
      };
      type Box = { element: Element; left: number; top: number; right: number; bottom: number };
      const boxes: Box[] = [];
      for (const element of candidates) {
        const text = (element.textContent ?? "").trim();
        if (ignore.some((start) => text.startsWith(start))) continue;
        // Not seen: hidden, transparent, under display: none, or the content of a closed <details> (its skipped contents keep a box).
        if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
        const rect = element.getBoundingClientRect();
        let left = Math.max(rect.left, 0);
        let top = Math.max(rect.top, 0);
        let right = Math.min(rect.right, window.innerWidth);
        let bottom = Math.min(rect.bottom, window.innerHeight);
        for (let parent = element.parentElement; parent !== null; parent = parent.parentElement) {
          const parentStyle = getComputedStyle(parent);
          if (parentStyle.overflowX === "visible" && parentStyle.overflowY === "visible" && parentStyle.clip === "auto") continue;
          const clip = parent.getBoundingClientRect();
          left = Math.max(left, clip.left);
          top = Math.max(top, clip.top);
          right = Math.min(right, clip.right);
          bottom = Math.min(bottom, clip.bottom);
        }
        // Visually hidden text (1 px) and what is scrolled away are not seen.
        if (right - left < 2 || bottom - top < 2) continue;
        boxes.push({ element, left, top, right, bottom });
      }
      const found: { first: string; second: string; width: number; height: number }[] = [];
      for (let index = 0; index < boxes.length; index += 1) {
        for (let other = index + 1; other < boxes.length; other += 1) {
          const a = boxes[index]!;
          const b = boxes[other]!;
          if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
          const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (width > TOUCH_PX && height > TOUCH_PX) found.push({ first: describe(a.element), second: describe(b.element), width: Math.round(width), height: Math.round(height) });
        }
      }
      return found;
    }, options.ignoreText ?? []);
  }
}
