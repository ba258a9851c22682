/**
 * The parity page (/parity) as a browser spec reads it: one region per
 * vector, named by its id, marked with whether the browser's own run matched
 * the vector's expected JSON; inside it the final tree as the app's renderer
 * draws it, and for an octo-ui panel the envelope its last press sent.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";

/** Where the vectors are, from this file (e2e/pages). */
const PARITY_FOLDER = path.join(import.meta.dirname, "..", "..", "fixtures", "parity");

/** What a browser spec reads of a vector file: only what it checks in the page. */
export type ParityVectorFile = {
  id: string;
  dialect: "ui" | "octo-ui";
  shows?: string[];
  hides?: string[];
  steps: { kind: string; button?: string }[];
  expected: {
    steps: { ok: boolean; envelope?: string; missing?: string[] }[];
    spec?: { items: unknown[] } | null;
  };
};

/** Every vector file, sorted by id (the page's order). */
export function readParityVectors(): ParityVectorFile[] {
  return readdirSync(PARITY_FOLDER)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => ({ id: name.slice(0, -".json".length), ...(JSON.parse(readFileSync(path.join(PARITY_FOLDER, name), "utf8")) as Omit<ParityVectorFile, "id">) }));
}

/** The node of a parsed spec at a node path such as `items[2]` or `items[0].tabs[1].children[0]`. */
export function nodeAt(spec: { items: unknown[] }, nodePath: string): Record<string, unknown> | undefined {
  let current: unknown = spec;
  for (const part of nodePath.split(".")) {
    const match = /^(\w+)\[(\d+)\]$/.exec(part);
    if (match === null) return undefined;
    const list = (current as Record<string, unknown> | undefined)?.[match[1] as string];
    current = Array.isArray(list) ? list[Number(match[2])] : undefined;
  }
  return typeof current === "object" && current !== null ? (current as Record<string, unknown>) : undefined;
}

/** The parity page. */
export class ParityPage {
  constructor(readonly page: Page) {}

  /** Opens the page and waits until the browser has run every vector (they run after hydration). */
  async open(): Promise<void> {
    await this.page.goto("/parity");
    await expect(this.page.getByRole("heading", { level: 1, name: "Parity vectors" })).toBeVisible();
    await expect(this.summary()).not.toHaveAttribute("data-parity-summary", "pending");
  }

  /** The page's summary line. */
  summary(): Locator {
    return this.page.locator("[data-parity-summary]");
  }

  /** One vector's region, by its id. */
  vector(id: string): Locator {
    return this.page.getByRole("region", { name: id, exact: true });
  }

  /** Where the vector's final tree is drawn. */
  rendered(id: string): Locator {
    return this.vector(id).locator("[data-parity-render]");
  }

  /** The envelope an octo-ui panel's last press sent. */
  envelope(id: string): Locator {
    return this.vector(id).getByRole("status", { name: "Action sent" });
  }

  /** Each vector's id with what the browser decided (`pass`, `fail`, `pending`). */
  async verdicts(): Promise<Record<string, string>> {
    return this.page
      .locator("section[data-vector]")
      .evaluateAll((sections) => Object.fromEntries(sections.map((section) => [section.getAttribute("data-vector") ?? "", section.getAttribute("data-parity") ?? ""])));
  }
}
