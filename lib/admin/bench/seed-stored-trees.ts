/**
 * Stored replies for the admin benchmark, written straight into Postgres in
 * bulk: templates compiled the way the chat core compiles a final reply
 * (`UiStream.finish`, then `buildFinalReply`) from the recorded and
 * hand-written replies in fixtures/ — so sizes and diagnostic mixes are the
 * real ones, broken replies included — plus a reply over the reply budget and
 * one 2,048-node tree. Each row gets its own message id (written into its
 * block ids), chat, account (a fifth are guests), model and time over the
 * last 90 days, from a seeded generator so runs compare.
 */
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import type postgres from "postgres";
import { buildFinalReply } from "@/lib/chat/final/final-reply";
import { UiStream } from "@/lib/ui/stream/stream";

/** One stored-reply template. */
export type ReplyTemplate = { name: string; text: string; ui: string | null; genui: string | null; diagnostics: string; weight: number };

/** The message id the templates are compiled with; each row's own id replaces it. */
const TEMPLATE_ID = "00000000-0000-4000-8000-000000000000";

/** Models and how many rows each gets: the export figure reads exactly `EXPORT_MODEL_ROWS` rows of one model. */
export const BENCH_MODELS = [
  { model: "openai:gpt-5", share: 0.3 },
  { model: "anthropic:claude-sonnet-4-5", share: 0.25 },
  { model: "replay:default", share: 0.2 },
  { model: "openai-compatible:llama3.1", share: 0.15 },
  { model: "anthropic:claude-haiku-4-5", share: 0.1 },
] as const;

/** The model whose rows the export figure streams, and how many it has. */
export const EXPORT_MODEL = "openai:gpt-5-mini";
/** Rows of `EXPORT_MODEL`. */
export const EXPORT_MODEL_ROWS = 10_000;

/** Replies per chat. */
const REPLIES_PER_CHAT = 5;
/** Replies per account. */
const REPLIES_PER_ACCOUNT = 50;
/** Rows per insert statement. */
const INSERT_BATCH = 500;
/** The seeded rows span this many days back from now. */
const SPAN_DAYS = 90;

/** Deterministic random numbers (a linear congruential generator). */
class Seeded {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** A number in [0, 1). */
  next(): number {
    this.state = (Math.imul(this.state, 1_664_525) + 1_013_904_223) >>> 0;
    return this.state / 4_294_967_296;
  }
}

function compileTemplate(name: string, text: string, weight: number): ReplyTemplate {
  const blocks = new UiStream({ id: TEMPLATE_ID, now: () => 0, clock: { now: () => 0, setTimeout: () => undefined, clearTimeout: () => {} }, emit: () => {} }).finish(text);
  const final = buildFinalReply({ messageId: TEMPLATE_ID, text, blocks, tools: [], actionPanelId: null, currentPanels: [] });
  return {
    name,
    text,
    ui: final.ui.length > 0 ? JSON.stringify(final.ui) : null,
    genui: final.fences.length > 0 ? JSON.stringify({ fences: final.fences, tools: [] }) : null,
    diagnostics: JSON.stringify(final.receipt),
    weight,
  };
}

/** A reply whose one block has exactly 2,048 nodes: the largest tree a block may hold. */
export function largestTreeText(): string {
  const stats = Array.from({ length: 1_023 }, (_unused, index) => `<Stat label="Service ${index}" value={${index}} unit="ms"/>`);
  return `The latency of every service, one figure each:\n\n\`\`\`ui\n<Stats>\n${stats.join("\n")}\n</Stats>\n<Stats>\n${stats.slice(0, 1_022).join("\n")}\n</Stats>\n\`\`\`\n`;
}

/** The templates: every recorded and hand-written reply in fixtures/, a broken one weighted up, a budget refusal and the largest tree. */
export function replyTemplates(root: string): ReplyTemplate[] {
  const templates: ReplyTemplate[] = [];
  const replays = path.join(root, "fixtures", "replays");
  for (const name of readdirSync(replays)) {
    const file = path.join(replays, name, "reply.md");
    if (!existsSync(file)) continue;
    // Broken replies are common in real use: the malformed one stands for a tenth of the rows.
    templates.push(compileTemplate(name, readFileSync(file, "utf8"), name === "malformed-ui" ? 12 : 1));
  }
  const examples = path.join(root, "fixtures", "ui-examples");
  for (const name of readdirSync(examples)) templates.push(compileTemplate(name, readFileSync(path.join(examples, name), "utf8"), 1));
  const overBudget = Array.from({ length: 17 }, (_unused, index) => `\`\`\`ui\n<Tag tone="info">step ${index}</Tag>\n\`\`\``).join("\n");
  templates.push(compileTemplate("over-budget", overBudget, 1));
  templates.push(compileTemplate("largest-tree", largestTreeText(), 0.05));
  return templates.filter((template) => template.ui !== null || template.genui !== null);
}

/** What the seed made, for the figures. */
export type SeedSummary = { rows: number; largestMessageId: string; templates: number; bytes: number };

/** Seeds `count` stored replies (plus `EXPORT_MODEL_ROWS` of the export model) into an empty, migrated database. */
export async function seedStoredTrees(input: { sql: postgres.Sql; root: string; count: number; seed?: number; onProgress?: (rows: number) => void }): Promise<SeedSummary> {
  const { sql } = input;
  const random = new Seeded(input.seed ?? 42);
  const templates = replyTemplates(input.root);
  const totalWeight = templates.reduce((sum, template) => sum + template.weight, 0);
  const pick = () => {
    let roll = random.next() * totalWeight;
    for (const template of templates) {
      roll -= template.weight;
      if (roll < 0) return template;
    }
    return templates[0]!;
  };
  const rows = input.count;
  const total = rows + EXPORT_MODEL_ROWS;
  const accounts = Math.ceil(total / REPLIES_PER_ACCOUNT);
  const userIds: string[] = [];
  const userRows = [];
  for (let index = 0; index < accounts; index += 1) {
    const id = crypto.randomUUID();
    const guest = random.next() < 0.2;
    userIds.push(id);
    userRows.push({ id, name: guest ? "Guest" : `Person ${index}`, email: guest ? `temp-${id}@anonymous.placeholder.invalid` : `person-${index}@example.test`, is_anonymous: guest });
  }
  for (let start = 0; start < userRows.length; start += INSERT_BATCH) await sql`insert into users ${sql(userRows.slice(start, start + INSERT_BATCH))}`;

  const now = Date.now();
  const span = SPAN_DAYS * 24 * 3_600_000;
  let largestMessageId = "";
  let bytes = 0;
  let written = 0;
  let chatId = "";
  let chatRows: { id: string; user_id: string; title: string; model_id: string; last_sequence: number }[] = [];
  let messageRows: Record<string, unknown>[] = [];
  const flush = async () => {
    if (chatRows.length > 0) await sql`insert into chats ${sql(chatRows)}`;
    if (messageRows.length > 0) await sql`insert into messages ${sql(messageRows as never)}`;
    written += messageRows.length;
    chatRows = [];
    messageRows = [];
    input.onProgress?.(written);
  };
  for (let index = 0; index < total; index += 1) {
    const model = index >= rows ? EXPORT_MODEL : modelFor(random.next());
    const sequence = (index % REPLIES_PER_CHAT) + 1;
    if (sequence === 1) {
      chatId = crypto.randomUUID();
      chatRows.push({ id: chatId, user_id: userIds[Math.floor(index / REPLIES_PER_ACCOUNT)]!, title: `Chat ${index / REPLIES_PER_CHAT}`, model_id: model, last_sequence: REPLIES_PER_CHAT });
    }
    // The largest tree once, so the tree-page figure has exactly one to open.
    const template = index === Math.floor(rows / 2) ? templates.find((candidate) => candidate.name === "largest-tree")! : pick();
    const id = crypto.randomUUID();
    if (template.name === "largest-tree" && largestMessageId === "") largestMessageId = id;
    const ui = template.ui?.replaceAll(TEMPLATE_ID, id) ?? null;
    const genui = template.genui?.replaceAll(TEMPLATE_ID, id) ?? null;
    bytes += template.text.length + (ui?.length ?? 0) + (genui?.length ?? 0);
    const createdAt = new Date(now - random.next() * span);
    messageRows.push({
      id,
      chat_id: chatId,
      sequence,
      role: "assistant",
      text: template.text,
      ui: ui === null ? null : sql.json(JSON.parse(ui)),
      genui: genui === null ? null : sql.json(JSON.parse(genui)),
      diagnostics: sql.json(JSON.parse(template.diagnostics)),
      model,
      created_at: createdAt,
      updated_at: createdAt,
    });
    if (messageRows.length >= INSERT_BATCH) await flush();
  }
  await flush();
  await sql`analyze`;
  return { rows: written, largestMessageId, templates: templates.length, bytes };
}

function modelFor(roll: number): string {
  let left = roll;
  for (const entry of BENCH_MODELS) {
    left -= entry.share;
    if (left < 0) return entry.model;
  }
  return BENCH_MODELS[0].model;
}
