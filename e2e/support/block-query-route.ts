/**
 * The browser's requests to a chat's block-query route (`POST
 * /api/chats/[id]/queries`), taken in hand by a spec: held until the spec
 * lets them go (a slow source, without a sleep anywhere), or answered with a
 * refusal shaped as the route's own. And where a drawn part of a block says
 * its live data stands (`data-live-state`: loading, empty, failed).
 */
import type { Locator, Page, Route } from "@playwright/test";

/** The block-query route of any chat, as `page.route` matches it. */
export const BLOCK_QUERY_ROUTE = "**/api/chats/*/queries";

/** Query requests held back by `holdBlockQueries`. */
export type HeldBlockQueries = {
  /** How many query requests have arrived and are held (or were, before `release`). */
  held(): number;
  /** Lets every held request through to the server, and every later one at once; safe to call twice. */
  release(): Promise<void>;
};

/**
 * Holds every query request of `page` until `release`: the block sees a
 * source that has not answered yet, for as long as the spec looks at it.
 */
export async function holdBlockQueries(page: Page): Promise<HeldBlockQueries> {
  let count = 0;
  let holding = true;
  let open: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    open = resolve;
  });
  const handler = async (route: Route) => {
    if (route.request().method() !== "POST" || !holding) return route.fallback();
    count += 1;
    await released;
    // The page may have given up on it meanwhile (a Retry, a new render): nothing is left to pass on then.
    await route.fallback().catch(() => {});
  };
  await page.route(BLOCK_QUERY_ROUTE, handler);
  return {
    held: () => count,
    release: async () => {
      if (!holding) return;
      holding = false;
      open();
      await page.unroute(BLOCK_QUERY_ROUTE, handler);
    },
  };
}

/** An error body as the route sends it (lib/errors.ts `AppError.toResponse`: `{error: {code, message}}`). */
export type BlockQueryRefusal = { status: number; code: string; message: string };

/** Answers every query request of `page` with `refusal` until the returned function is called (which lets the server answer again). */
export async function refuseBlockQueries(page: Page, refusal: BlockQueryRefusal): Promise<{ refused(): number; stop(): Promise<void> }> {
  let count = 0;
  const handler = async (route: Route) => {
    if (route.request().method() !== "POST") return route.fallback();
    count += 1;
    await route.fulfill({ status: refusal.status, json: { error: { code: refusal.code, message: refusal.message } } });
  };
  await page.route(BLOCK_QUERY_ROUTE, handler);
  return { refused: () => count, stop: () => page.unroute(BLOCK_QUERY_ROUTE, handler) };
}

/**
 * The live-data states said about a drawn part: its own `data-live-state`,
 * those of the elements around it up to its block (a state set on the
 * group it stands in), and those of the elements inside it (a state set on
 * its value alone). Empty when nothing says any.
 */
export function liveStates(part: Locator): Promise<string[]> {
  return part.evaluate((element) => {
    const states = new Set<string>();
    for (let at: Element | null = element; at !== null; at = at.parentElement) {
      const state = at.getAttribute("data-live-state");
      if (state) states.add(state);
      if (at.hasAttribute("data-ui-block")) break;
    }
    for (const inner of element.querySelectorAll("[data-live-state]")) states.add(inner.getAttribute("data-live-state") ?? "");
    return [...states].sort();
  });
}
