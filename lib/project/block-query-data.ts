/**
 * The data of every `@Query` a stored block declares, read the way the
 * block's page reads it (the query route): each stored definition evaluated
 * with the person's input values, checked against its source's schema and
 * run for the chat's project. For a host that must evaluate the block as the
 * person saw it — resolving a picked choice whose visibility reads query
 * data. A query the page could not have read either (no membership, no such
 * source, arguments refused, a time-out) is left without data, as it was on
 * the page; a database that is down still fails the call.
 */
import "server-only";
import type { Chat } from "@/db/schema";
import type { Actor } from "@/lib/auth/policy";
import { isAppError } from "@/lib/errors";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import type { UiRecord } from "@/lib/ui/expression/value";
import { UiFailure } from "@/lib/ui/failure";
import { uiQueryArguments } from "@/lib/ui/query/query-arguments";
import { uiBlockDeclarations } from "@/lib/ui/state/declarations";
import { authorizeProject } from "./authorize-project";
import { projectQuerySource } from "./query-sources";
import { runProjectQuery } from "./run-project-query";

/** True for a refusal the page would have shown as a query without data; anything else is the server's failure. */
function leftWithoutData(caught: unknown): boolean {
  if (caught instanceof UiFailure) return true;
  return isAppError(caught) && !caught.code.startsWith("internal:") && caught.code !== "offline:database";
}

/** Query rows by declared name for `block` of `chat`, with the person's input `values` (see the file comment). */
export async function blockQueryData(input: { actor: Actor; chat: Chat; block: UiBlock; values: unknown }): Promise<UiRecord> {
  const names = uiBlockDeclarations(input.block)
    .filter((declaration) => declaration.kind === "query")
    .map((declaration) => declaration.name);
  if (names.length === 0) return {};
  let project;
  try {
    project = await authorizeProject(input.actor, input.chat.projectId);
  } catch (caught) {
    if (leftWithoutData(caught)) return {};
    throw caught;
  }
  const data: UiRecord = {};
  for (const name of names) {
    try {
      const query = uiQueryArguments(input.block, name, input.values);
      const source = projectQuerySource(query.source);
      if (!source) continue;
      data[name] = (await runProjectQuery({ project, source, arguments: query.arguments })).rows;
    } catch (caught) {
      if (!leftWithoutData(caught)) throw caught;
    }
  }
  return data;
}
