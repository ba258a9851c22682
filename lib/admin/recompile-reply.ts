/**
 * Recompiling a stored reply with today's compiler and catalog: the steps
 * the chat's final store takes (`UiStream.finish` on the final text, then
 * `buildFinalReply`), on the stored text. What the reply's text cannot give
 * again is kept: host-assigned revisions are copied from the stored blocks,
 * and a `render_ui` card — whose raw tool input is not stored — is its stored
 * spec read again by today's GenUI parser (any new finding is added to the
 * stored ones).
 *
 * The time budgets run on a clock that never advances: whether a compile hit
 * its time limit depends on the machine's load at that moment, and the check
 * must report what the compiler and catalog do, not how busy the server is.
 */
import { buildFinalReply } from "@/lib/chat/final/final-reply";
import { isRenderUiCard, type ToolCard } from "@/lib/chat/wire";
import { parseGenuiSpec } from "@/lib/genui/parse/parse-genui-spec";
import type { UiCompileCatalog, UiQuerySchemas } from "@/lib/ui/compile/options";
import { UiStream } from "@/lib/ui/stream/stream";
import type { ReplyParts } from "./stored-reply";

/** What today's compile uses; the defaults are the app's own (the test of a catalog change passes its changed catalog). */
export type RecompileOptions = {
  /** The components to compile against (default `UI_CATALOG`). */
  catalog?: UiCompileCatalog;
  /** The query sources `@Query` may name (the chat core's: `PROJECT_QUERY_SCHEMAS`). */
  querySchemas?: UiQuerySchemas;
};

/** A clock that never moves: the time budgets never trip (see the file comment). */
const FROZEN_CLOCK = { now: () => 0, setTimeout: () => undefined, clearTimeout: () => {} };

/** The final parts today's compiler and catalog make of a stored reply's text. */
export function recompileReply(input: { messageId: string; text: string; stored: ReplyParts }, options: RecompileOptions = {}): ReplyParts {
  const stream = new UiStream({
    id: input.messageId,
    now: FROZEN_CLOCK.now,
    clock: FROZEN_CLOCK,
    emit: () => {},
    ...(options.querySchemas ? { querySchemas: options.querySchemas } : {}),
    ...(options.catalog ? { catalog: options.catalog } : {}),
  });
  const blocks = stream.finish(input.text);
  const tools = input.stored.tools.map(reparseCard);
  const final = buildFinalReply({ messageId: input.messageId, text: input.text, blocks, tools, actionPanelId: null, currentPanels: [] });
  const storedRevisions = new Map(input.stored.ui.map((block) => [block.id, block.revision]));
  const ui = final.ui.map((block) => {
    const revision = storedRevisions.get(block.id);
    return revision === undefined ? block : { ...block, revision };
  });
  return { ui, fences: final.fences, tools: final.tools, receipt: final.receipt };
}

/** A stored card read again by today's parser: its spec as the parser now returns it, with any new finding added. */
function reparseCard(card: ToolCard): ToolCard {
  if (!isRenderUiCard(card) || card.spec === null) return card;
  const result = parseGenuiSpec(card.spec, { surface: "tool" });
  const known = new Set(card.diagnostics.map((diagnostic) => `${diagnostic.code}\u0000${diagnostic.path}`));
  const fresh = result.diagnostics.filter((diagnostic) => !known.has(`${diagnostic.code}\u0000${diagnostic.path}`));
  return { ...card, spec: result.spec, diagnostics: [...card.diagnostics, ...fresh] };
}
