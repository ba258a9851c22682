/**
 * Two tabs of one person edit the same panel's state, each through another
 * instance, interleaved and at the same moment: the stored state ends with
 * each field's last write (one tab's edit never undoes the other's), stays
 * valid for its dialect, and is what a reload (the chat's snapshot) shows.
 */
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GenuiPanelStateSchema } from "@/lib/genui/panel/panel-state";
import { REPLAY_MODEL_ID } from "@/lib/models/registry";
import { UiStateSnapshotSchema } from "@/lib/ui/state/snapshot";
import { callAction, callBenchAction, fetchBenchSnapshot, sendBenchPrompt, type ActionCall, type BenchSession } from "../bench/bench-client";
import { storedAt } from "../bench/huge-reply-run";
import { startAppInstances, sessionOn, type AppInstances } from "../testing/app-instances";

/** Rounds of edits per case: each round one save from each tab, at once or one after the other. */
const ROUNDS = 40;

let app: AppInstances;
let session: BenchSession;
let sql: postgres.Sql;

beforeAll(async () => {
  app = await startAppInstances({ count: 2, env: { REPLAY_TIME_SCALE: "0.2" } });
  session = await app.signIn(app.servers[0]!);
  sql = postgres(app.database.url, { max: 2, onnotice: () => {} });
});

afterAll(async () => {
  await sql?.end({ timeout: 1 });
  await app?.stop();
});

/** A section of a panel's state: GenUI's `fields`, `tabs`, `folds`; a ```ui block's `values`. */
type Section = "fields" | "tabs" | "folds" | "values";

/**
 * A browser tab showing a panel, on one instance: it keeps the state it
 * draws, and saves each edit as the browser does — the entries it changed,
 * never what it did not touch.
 */
function openTab(on: BenchSession, chatId: string, panelId: string, revision: number) {
  return {
    async edit(section: Section, key: string, value: unknown): Promise<ActionCall> {
      const call = await callAction(on, app.actionIds.savePanelState, { chatId, panelId, revision, patch: { set: { [section]: { [key]: value } } } });
      expect(call.status, call.body.slice(0, 300)).toBe(200);
      expect(call.result, call.body.slice(0, 300)).toEqual({ ok: true, applied: true, revision });
      return call;
    },
  };
}

async function storedState(chatId: string, panelId: string): Promise<unknown> {
  const [row] = await sql<{ state: unknown }[]>`select state from panels where chat_id = ${chatId} and panel_id = ${panelId}`;
  return row?.state;
}

async function openPanel(prompt: string): Promise<{ chatId: string; replyMessageId: string }> {
  const opened = await sendBenchPrompt({ session, prompt, modelId: REPLAY_MODEL_ID });
  await storedAt(session, opened.chat.id, opened.replyMessageId);
  return { chatId: opened.chat.id, replyMessageId: opened.replyMessageId };
}

/** Two tabs of the person, one on each instance. */
function twoTabs(chatId: string, panelId: string, revision = 1) {
  const [first, second] = app.servers;
  return [openTab(sessionOn(session, first!), chatId, panelId, revision), openTab(sessionOn(session, second!), chatId, panelId, revision)] as const;
}

describe("two tabs editing one panel's state", () => {
  it("keeps each tab's edits of different GenUI fields, saved at once or in turn, and a reload shows them all", async () => {
    const { chatId } = await openPanel("Show me the sales dashboard");
    const [left, right] = twoTabs(chatId, "sales");
    // Set once by one tab and never again: no later save of either tab may undo it.
    await left.edit("fields", "range", "90d");
    for (let round = 0; round < ROUNDS; round += 1) {
      const region = `region ${round}`;
      const target = 100 + (round % 21) * 10;
      if (round % 2 === 0) await Promise.all([left.edit("fields", "region", region), right.edit("fields", "target", target)]);
      else {
        await right.edit("fields", "target", target);
        await left.edit("fields", "region", region);
      }
    }
    const expected = { fields: { range: "90d", region: `region ${ROUNDS - 1}`, target: 100 + ((ROUNDS - 1) % 21) * 10 }, tabs: {}, folds: {} };
    const stored = await storedState(chatId, "sales");
    expect(GenuiPanelStateSchema.parse(stored)).toEqual(expected);
    expect(stored).toEqual(expected);
    const snapshot = await fetchBenchSnapshot(sessionOn(session, app.servers[1]!), chatId);
    expect(snapshot.panels.find((panel) => panel.panelId === "sales")?.state).toEqual(expected);
  });

  it("gives the same GenUI field the last write, whichever tab made it; at once, one of the two", async () => {
    const { chatId } = await openPanel("Show me the sales dashboard");
    const [left, right] = twoTabs(chatId, "sales");
    await right.edit("fields", "target", 250);
    for (let round = 0; round < ROUNDS; round += 1) {
      const [first, second] = round % 2 === 0 ? [left, right] : [right, left];
      await first.edit("fields", "region", `first ${round}`);
      await second.edit("fields", "region", `second ${round}`);
      expect(await storedState(chatId, "sales")).toEqual({ fields: { region: `second ${round}`, target: 250 }, tabs: {}, folds: {} });
      await Promise.all([left.edit("fields", "region", `left ${round}`), right.edit("fields", "region", `right ${round}`)]);
      const stored = GenuiPanelStateSchema.parse(await storedState(chatId, "sales"));
      expect([`left ${round}`, `right ${round}`]).toContain(stored.fields.region);
      expect(stored).toEqual({ fields: { region: stored.fields.region, target: 250 }, tabs: {}, folds: {} });
    }
  });

  it("keeps each tab's edits of different ```ui state variables, and a reload shows them all", async () => {
    const { chatId } = await openPanel("Help me write my standup update");
    const [left, right] = twoTabs(chatId, "standup");
    for (let round = 0; round < ROUNDS; round += 1) {
      await Promise.all([
        left.edit("values", "yesterday", `shipped ${round}`),
        right.edit("values", "today", `review ${round}`),
        round % 3 === 0 ? right.edit("values", "tested", round % 2 === 0) : left.edit("values", "mood", round % 2 === 0 ? "at-risk" : "blocked"),
      ]);
    }
    const last = ROUNDS - 1;
    const lastTested = [...Array(ROUNDS).keys()].filter((round) => round % 3 === 0).at(-1)!;
    const lastMood = [...Array(ROUNDS).keys()].filter((round) => round % 3 !== 0).at(-1)!;
    const expected = { values: { yesterday: `shipped ${last}`, today: `review ${last}`, tested: lastTested % 2 === 0, mood: lastMood % 2 === 0 ? "at-risk" : "blocked" } };
    const stored = await storedState(chatId, "standup");
    expect(UiStateSnapshotSchema.parse(stored)).toEqual(expected);
    const snapshot = await fetchBenchSnapshot(sessionOn(session, app.servers[1]!), chatId);
    expect(snapshot.panels.find((panel) => panel.panelId === "standup")?.state).toEqual(expected);
  });

  it("refuses a tab's edit for a revision the panel has left, and keeps the state the refresh carried", async () => {
    const { chatId, replyMessageId } = await openPanel("Show me the sales dashboard");
    const [left, right] = twoTabs(chatId, "sales");
    await Promise.all([left.edit("fields", "region", "north"), right.edit("fields", "target", 200)]);
    // One tab presses Refresh: the panel's next revision carries the fields that still exist.
    const pressed = await callBenchAction(session, app.actionIds.sendPanelAction, {
      chatId, messageId: replyMessageId, fenceIndex: 0, button: "items[9]", fields: { region: "north", target: 200 }, modelId: REPLAY_MODEL_ID, revision: 1,
    });
    await storedAt(session, chatId, String(pressed.replyMessageId));
    const carried = await storedState(chatId, "sales");
    // The other tab missed the update: its edit is not applied.
    const stale = await callAction(sessionOn(session, app.servers[1]!), app.actionIds.savePanelState, { chatId, panelId: "sales", revision: 1, patch: { set: { fields: { region: "south" } } } });
    expect(stale.result).toEqual({ ok: true, applied: false, revision: 2 });
    expect(await storedState(chatId, "sales")).toEqual(carried);
    expect(GenuiPanelStateSchema.parse(carried).fields).toMatchObject({ region: "north", target: 200 });
  });
});
