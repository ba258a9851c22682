/**
 * The host-link chips of a stored block, resolved for its viewer: what the
 * links route (`POST /api/chats/[id]/links`) does after reading the body. The
 * block is evaluated with the submitted input values (checked first, as a
 * person could have set them) and with its queries' data read here, on the
 * server, under the same authorization and bounds as the query route — so a
 * chip inside `Each` over query rows resolves too, and only the targets the
 * person can see (`uiLinkTargets`) are looked up, each in the chat's project.
 */
import "server-only";
import { z } from "zod";
import type { Project } from "@/db/schema/project";
import type { Actor } from "@/lib/auth/policy";
import { AppError } from "@/lib/errors";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import type { UiRecord } from "@/lib/ui/expression/value";
import { uiLinkTargets, type UiLinkTargetEntry } from "@/lib/ui/link/link-targets";
import type { UiLinkResolution } from "@/lib/ui/link/resolution";
import { uiNodesNameLinks } from "@/lib/ui/link/cell-targets";
import { uiValidatedState } from "@/lib/ui/link/validated-state";
import { uiQueryArguments } from "@/lib/ui/query/query-arguments";
import { UiState } from "@/lib/ui/state/ui-state";
import { queryRefusal } from "./block-query";
import { projectQuerySource } from "./query-sources";
import { linkTargetText, resolveLinkTarget } from "./resolve-link-target";
import { runProjectQuery } from "./run-project-query";
import { loadStoredBlock } from "./stored-block";

/**
 * Targets looked up per request; any further visible target is answered as
 * text without a lookup. A panel shows a few dozen chips at most; a block that
 * repeats thousands of them through `Each` must not cost thousands of reads.
 */
export const LINK_TARGETS_PER_REQUEST = 200;

/** Lookups run at once: a share of the connection pool, so chips never starve other requests. */
const LINK_LOOKUP_CONCURRENCY = 4;

/** The body of a links request. */
export const BlockLinksRequestSchema = z.strictObject({
  messageId: z.string().min(1).max(200),
  blockId: z.string().min(1).max(400),
  /** The block's input values as the person set them (`uiInputValues`); absent means the declared defaults. */
  values: z.unknown().optional(),
});

/** What the links route answers: one resolution per visible host-link element, in document order. */
export type BlockLinksAnswer = { resolutions: UiLinkResolution[] };

/** The block's state with the checked values and the data of every query that could be read. */
async function evaluatedState(block: UiBlock, values: UiRecord, project: Project): Promise<UiState> {
  const state = new UiState(block);
  for (const [name, value] of Object.entries(values)) state.set(name, value);
  for (const declaration of block.declarations) {
    if (declaration.kind !== "query") continue;
    const source = declaration.source === undefined ? undefined : projectQuerySource(declaration.source);
    if (!source) continue;
    try {
      const query = uiQueryArguments(block, declaration.name, values);
      const result = await runProjectQuery({ project, source, arguments: query.arguments });
      state.setQuery(declaration.name, result.rows, query);
    } catch {
      // A query that cannot be read leaves its data empty: chips it would have produced are not shown, so none is resolved.
    }
  }
  return state;
}

/** Runs `work` over `items` with at most `concurrency` at a time, keeping their order. */
async function mapConcurrently<Item, Result>(
  items: readonly Item[],
  concurrency: number,
  work: (item: Item, index: number) => Promise<Result>,
): Promise<Result[]> {
  const results: Result[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) results[index] = await work(items[index] as Item, index);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/** Resolves the visible host-link elements of a stored block (see the file comment). */
export async function answerBlockLinks(input: { actor: Actor; chatId: string; body: unknown }): Promise<BlockLinksAnswer> {
  const parsed = BlockLinksRequestSchema.safeParse(input.body);
  if (!parsed.success) {
    throw new AppError("bad_request:link", { message: "A links request names a message and a block.", detail: parsed.error.message });
  }
  const request = parsed.data;
  const { project, block } = await loadStoredBlock({ actor: input.actor, chatId: input.chatId, messageId: request.messageId, blockId: request.blockId });
  let values: UiRecord;
  try {
    values = uiValidatedState(block, request.values ?? {});
  } catch (caught) {
    const refusal = queryRefusal(caught, "The block's values were refused:");
    throw new AppError(refusal.kind === "internal" ? "internal:link" : "bad_request:link", { message: refusal.publicMessage, detail: refusal.detail });
  }
  if (!uiNodesNameLinks(block.nodes)) return { resolutions: [] };
  const state = await evaluatedState(block, values, project);
  let targets: UiLinkTargetEntry[];
  try {
    targets = uiLinkTargets(block, state);
  } catch (caught) {
    throw new AppError("internal:link", { detail: `link targets of ${block.id}`, cause: caught });
  }
  const resolutions = await mapConcurrently(targets, LINK_LOOKUP_CONCURRENCY, (entry, index) =>
    index < LINK_TARGETS_PER_REQUEST ? resolveLinkTarget({ project, entry }) : Promise.resolve(linkTargetText(entry)),
  );
  return { resolutions };
}
