/**
 * The parity vectors (fixtures/parity) in a real browser: every vector is run
 * by the bundled libraries in the page and must match its expected JSON, and
 * the app's renderers must draw what the vector says a person sees — the
 * text of key nodes present, a hidden node's text absent — and an octo-ui
 * button must send exactly the vector's envelope. The spec stores no chat
 * reply and signs nobody in: the page is public and shows fixtures only.
 */
import { expect, test } from "@playwright/test";
import { nodeAt, ParityPage, readParityVectors } from "./pages/parity-page";

const vectors = readParityVectors();

/** The screen sizes the page is looked at by eye (saved beside the run's results). */
const SCREENSHOT_VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

let parity: ParityPage;

test.beforeEach(async ({ page }) => {
  parity = new ParityPage(page);
  await parity.open();
});

test("every vector passes when computed in the browser", async () => {
  const verdicts = await parity.verdicts();
  expect(Object.keys(verdicts).sort()).toEqual(vectors.map((vector) => vector.id).sort());
  const failing = Object.entries(verdicts).filter(([, verdict]) => verdict !== "pass");
  expect(failing, `failing in the browser: ${failing.map(([id]) => id).join(", ")}`).toEqual([]);
  await expect(parity.summary()).toHaveAttribute("data-parity-summary", "pass");
  await expect(parity.summary()).toHaveText(`All ${vectors.length} vectors pass in this browser.`);
});

test("the renderers show each vector's key text and leave hidden nodes out", async () => {
  for (const vector of vectors) {
    const rendered = parity.rendered(vector.id);
    for (const text of vector.shows ?? []) {
      await expect(rendered.getByText(text, { exact: false }).first(), `${vector.id} shows “${text}”`).toBeVisible();
    }
    for (const text of vector.hides ?? []) {
      await expect(rendered.getByText(text, { exact: false }), `${vector.id} hides “${text}”`).toHaveCount(0);
    }
  }
});

test("an octo-ui button sends the vector's envelope, and one held back by a required field is disabled", async () => {
  const presses = vectors.flatMap((vector) =>
    vector.steps.flatMap((step, index) => {
      const outcome = vector.expected.steps[index];
      const spec = vector.expected.spec;
      if (step.kind !== "press" || step.button === undefined || outcome === undefined || spec === undefined || spec === null) return [];
      const button = nodeAt(spec, step.button);
      return typeof button?.label === "string" ? [{ id: vector.id, label: button.label, outcome }] : [];
    }),
  );
  // The vectors hold both kinds; if an edit of them removed either, this spec would prove less than it says.
  expect(presses.some((press) => press.outcome.ok)).toBe(true);
  expect(presses.some((press) => press.outcome.missing !== undefined)).toBe(true);
  for (const press of presses) {
    const button = parity.rendered(press.id).getByRole("button", { name: press.label, exact: true });
    if (press.outcome.ok && press.outcome.envelope !== undefined) {
      await button.click();
      await expect(parity.envelope(press.id), press.id).toHaveText(press.outcome.envelope);
    } else if (press.outcome.missing !== undefined) {
      await expect(button, press.id).toBeDisabled();
      // It stays focusable and clickable (aria-disabled, so Playwright would wait for it forever): a forced press must really send nothing.
      await button.click({ force: true });
      await expect(parity.envelope(press.id)).toHaveText("(none yet)");
    }
  }
});

test("the page reads on a phone and on a desktop", async ({ page }, testInfo) => {
  for (const viewport of SCREENSHOT_VIEWPORTS) {
    await page.setViewportSize(viewport);
    await parity.open();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `sideways scroll at ${viewport.width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath(`parity-${viewport.width}x${viewport.height}.png`) });
    await parity.vector("octo-ui-tabs-and-folds").scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`parity-${viewport.width}x${viewport.height}-panel.png`) });
  }
});
