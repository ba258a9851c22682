// @vitest-environment happy-dom
/**
 * The leaderboard page over a stubbed service: the ratings table with its
 * separation words and UI record, the tag filter as a GET form, and the
 * empty state that sends a person to run a comparison. Authorization is the
 * registry's wrong-user probe's to test; here the guard lets everyone in.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CompareLeaderboard } from "@/lib/compare/run/compare-service";

const board = vi.hoisted(() => ({ current: null as CompareLeaderboard | null, asked: [] as unknown[] }));

vi.mock("@/lib/auth/page-guard", () => ({ guardPage: async (_path: string, check: () => Promise<unknown>) => check() }));
vi.mock("@/lib/auth/policy", () => ({ requireActor: async () => ({ userId: "user-1", role: "user" }) }));
vi.mock("@/lib/compare/run/process-compare", () => ({
  getCompareService: () => ({
    leaderboard: async (input: unknown) => {
      board.asked.push(input);
      return board.current;
    },
  }),
}));
vi.mock("../../../(auth)/_components/site-header", () => ({ SiteHeader: () => <header>header</header> }));

const { default: LeaderboardPage } = await import("./page");

function row(overrides: Partial<CompareLeaderboard["rows"][number]>): CompareLeaderboard["rows"][number] {
  return {
    modelId: "replay:clean",
    modelName: "Replay clean",
    rating: 1100,
    lower: 1050,
    upper: 1150,
    comparisons: 10,
    wins: 6,
    ties: 1,
    losses: 3,
    votes: 8,
    rank: 1,
    separation: { above: "separated", votesNeeded: null },
    record: { replies: 4, medianDiagnostics: 0.5, budgetRefusalShare: 0.25, medianFirstBlockMs: 1_250 },
    ...overrides,
  };
}

async function render(searchParams: Record<string, string>): Promise<HTMLElement> {
  const container = document.createElement("div");
  container.innerHTML = renderToStaticMarkup(await LeaderboardPage({ searchParams: Promise.resolve(searchParams) }));
  return container;
}

beforeEach(() => {
  board.asked = [];
});

describe("LeaderboardPage", () => {
  it("draws a row per model with its interval, separation and UI record", async () => {
    board.current = {
      tag: "forms",
      tags: ["forms", "tables"],
      votes: 12,
      rows: [
        row({ separation: { above: "not-yet-separable", votesNeeded: 37 } }),
        row({ modelId: "replay:slow", modelName: "Replay slow", rating: 900, lower: 860, upper: 1060, rank: 1, separation: { above: "no-model-below", votesNeeded: null }, record: { replies: 0, medianDiagnostics: null, budgetRefusalShare: null, medianFirstBlockMs: null } }),
      ],
    };
    const container = await render({ tag: " Forms " });
    expect(board.asked).toEqual([{ tag: "forms" }]);
    expect(container.querySelector("h1")?.textContent).toBe("Leaderboard");
    const cells = [...container.querySelectorAll("tbody tr")].map((line) => [...line.children].map((cell) => cell.textContent));
    expect(cells[0]).toEqual(["1", "Replay cleanreplay:clean", "1100", "1050–1150", "8", "6 / 1 / 3", "not yet separable — about 37 more votes", "0.5", "25%", "1.3 s", "4"]);
    expect(cells[1]?.slice(6)).toEqual(["no model below", "—", "—", "—", "0"]);
    const form = container.querySelector("form");
    expect(form?.getAttribute("method")).toBe("get");
    expect([...(form?.querySelectorAll("option") ?? [])].map((option) => [option.textContent, option.hasAttribute("selected")])).toEqual([
      ["All prompts", false],
      ["forms", true],
      ["tables", false],
    ]);
    expect(container.textContent).toContain("Bradley–Terry");
    expect(container.querySelector("a[href='/compare']")).not.toBeNull();
  });

  it("says how to get a first vote when there is none, and ignores a tag too long to be one", async () => {
    board.current = { tag: null, tags: [], votes: 0, rows: [] };
    const container = await render({ tag: "x".repeat(200) });
    expect(board.asked).toEqual([{}]);
    expect(container.querySelector("table")).toBeNull();
    const empty = [...container.querySelectorAll("p")].find((paragraph) => paragraph.textContent?.startsWith("No votes yet"));
    expect(empty?.textContent).toBe("No votes yet — run a blind comparison and vote.");
    expect(empty?.querySelector("a")?.getAttribute("href")).toBe("/compare");
  });
});
