/**
 * What the streaming conformance run checks in the drawn reply at each step
 * (the rules of issue 8's "streaming without flicker"):
 *
 * - **no error card for a part still arriving**: every problem mark shown
 *   mid-stream (a fallback box, the reply's inspector, a chart's "No data to
 *   draw.") must be one the finished reply shows too — anything else is a
 *   flash;
 * - **nothing drawn disappears or is drawn again**: every element of a panel
 *   (a ```ui block, an octo-ui panel) present at one step is still in the
 *   page at the next, apart from what stands in for a part still arriving
 *   (placeholders, the streaming mark) and a chart's own drawing;
 * - **no control usable before its part is complete**: inside a block or
 *   panel still arriving, every button, input, select and text area is
 *   disabled;
 * - **the last step draws what the stored reply draws**: the parts' markup,
 *   once React's generated ids are set aside.
 */

/** Where panels are: a ```ui block's root and an octo-ui panel's. */
const PANEL_ROOTS = "[data-ui-block], section[data-surface]";

/** What stands in for a part still arriving, and a chart's drawing (redrawn by its library on every data change). */
const EXEMPT_SUBTREES = "[data-placeholder], [data-streaming], svg, .recharts-wrapper, .recharts-responsive-container, figure[data-status] > :not(figcaption)";

/** Marks of a part that could not be drawn. */
const PROBLEM_MARKS = "[data-fallback], [data-diagnostics]";

/** Texts that say a part has nothing to show. */
const PROBLEM_TEXTS = ["No data to draw."];

/** Controls a person could use. */
const CONTROLS = "button, input, select, textarea";

/** One rule broken at one step. */
export type StreamViolation = { step: number; textLength: number; rule: "error-card" | "remounted" | "enabled-early" | "final-differs" | "thrown"; detail: string };

/** The problem marks shown in `root`, as comparable keys (their kind and text). */
export function problemMarks(root: Element): string[] {
  const marks = [...root.querySelectorAll(PROBLEM_MARKS)].map((element) => `${element.hasAttribute("data-diagnostics") ? "inspector" : "fallback"}: ${normalizedText(element)}`);
  for (const element of root.querySelectorAll("p")) {
    const text = normalizedText(element);
    if (PROBLEM_TEXTS.includes(text)) marks.push(`empty: ${text}`);
  }
  return marks;
}

function normalizedText(element: Element): string {
  return (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 300);
}

/** Every element of the panels in `root` that must not disappear. */
export function panelElements(root: Element): Set<Element> {
  const kept = new Set<Element>();
  for (const panel of root.querySelectorAll(PANEL_ROOTS)) {
    kept.add(panel);
    for (const element of panel.querySelectorAll("*")) {
      if (element.closest(EXEMPT_SUBTREES) !== null) continue;
      kept.add(element);
    }
  }
  return kept;
}

/** A short description of an element, for a violation. */
export function describeElement(element: Element): string {
  const panel = element.closest(PANEL_ROOTS);
  const where = panel === null ? "" : ` in ${panel.getAttribute("data-ui-block") ?? panel.getAttribute("data-panel-id") ?? "a panel"}`;
  const text = normalizedText(element).slice(0, 60);
  return `<${element.tagName.toLowerCase()}${element.className ? ` class="${String(element.className).slice(0, 40)}"` : ""}>${text ? ` "${text}"` : ""}${where}`;
}

/** Controls that can be used inside a block or panel still arriving. */
export function enabledEarly(root: Element): Element[] {
  const early: Element[] = [];
  for (const panel of root.querySelectorAll(PANEL_ROOTS)) {
    const arriving = panel.getAttribute("data-complete") === "false" || panel.getAttribute("aria-busy") === "true";
    if (!arriving) continue;
    for (const control of panel.querySelectorAll<HTMLButtonElement | HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(CONTROLS)) {
      if (control.closest(EXEMPT_SUBTREES) !== null) continue;
      // `:disabled` counts a disabled fieldset around the control too.
      if (!control.matches(":disabled") && control.getAttribute("aria-disabled") !== "true") early.push(control);
    }
  }
  return early;
}

/** The drawn tree of `root`, element by element, with what differs between two draws of the same thing set aside (React's generated ids, attribute order, streaming marks). */
export function comparableMarkup(root: Element): string {
  const copy = root.cloneNode(true) as Element;
  // What a control holds is its live value, not the attribute it was first drawn with.
  const originals = [...root.querySelectorAll("input, textarea, select")];
  [...copy.querySelectorAll("input, textarea, select")].forEach((control, index) => {
    const original = originals[index];
    if (original instanceof HTMLInputElement) {
      control.setAttribute("value", original.value);
      if (original.checked) control.setAttribute("checked", "");
      else control.removeAttribute("checked");
    } else if (original instanceof HTMLTextAreaElement || original instanceof HTMLSelectElement) control.setAttribute("value", original.value);
  });
  for (const element of copy.querySelectorAll("[data-streaming]")) element.remove();
  // A diagram is drawn after it is shown, in its own time: what stands in the figure meanwhile is not compared.
  for (const figure of copy.querySelectorAll("figure[data-status]")) {
    figure.removeAttribute("data-status");
    for (const child of [...figure.children]) if (child.tagName !== "FIGCAPTION") child.remove();
  }
  const lines: string[] = [];
  for (const element of [copy, ...copy.querySelectorAll("*")]) {
    for (const name of ["id", "for", "aria-controls", "aria-labelledby", "aria-describedby", "aria-owns", "headers", "list", "aria-busy", "name"]) element.removeAttribute(name);
    // Attributes in a fixed order: React writes them in the order the props first arrived.
    const attributes = [...element.attributes].map((attribute) => `${attribute.name}="${attribute.value}"`).sort();
    const ownText = [...element.childNodes].filter((child) => child.nodeType === Node.TEXT_NODE).map((child) => child.textContent ?? "").join("");
    lines.push(`${element.tagName.toLowerCase()} ${attributes.join(" ")} ${ownText}`);
  }
  return lines.join("\n").replace(/_r_[a-z0-9]+_/g, "_r_").replace(/genui[A-Za-z0-9_-]*?-/g, "genui-");
}
