/**
 * Every ```ui block of a reply checked against data when its text ends,
 * before it is stored (issue 24): the first reading of each query the
 * reply's blocks declare — with the declared defaults, as the page first
 * asks — read as the chat's owner through the path the query route takes
 * (`readProjectSource`: the chat and its project authorized for them, the
 * source's argument schema, row cap and time bound), then each block
 * evaluated on those rows and on empty answers (`block-data-check.ts`).
 * Identical queries of several blocks are read once; the readings are kept
 * so the repair round checks a rewrite against the same rows.
 *
 * Bounded so it never holds a reply back for long: the reads share one time
 * budget (`DATA_CHECK_TIME_LIMIT_MS`) and a reply at most
 * `DATA_CHECK_MAX_READS` of them; a source that does not answer in time, a
 * read refused, or a project the person cannot read leaves those queries
 * unread, and their blocks skip the real-data check — skipped, never failed.
 *
 * The quota: these reads are counted on a counter of their own
 * (`dataCheckQuota`), not on the person's. They are the host's reads, made
 * once per reply to decide whether to repair it, not reads the person or
 * the model asked for: on the `query` channel they would spend the budget
 * the person's own page needs moments later (the page reads the same
 * queries again when the reply is drawn), on the `tool` channel the model's
 * next reads. Their own counter still stops a model looping through replies
 * from reading without bound: past its limits the check skips, as it does
 * for a source that is slow.
 */
import "server-only";
import { authorizeChat, type Actor } from "@/lib/auth/policy";
import { isAppError } from "@/lib/errors";
import { authorizeProject } from "@/lib/project/authorize-project";
import { QUERY_QUOTA_LIMITS, QUERY_QUOTA_WINDOW_MS, QueryQuota } from "@/lib/project/query-quota";
import { readProjectSource } from "@/lib/project/read-project-source";
import type { Project } from "@/db/schema/project";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import type { UiRecord } from "@/lib/ui/expression/value";
import { blockQueryReads, checkBlockData, isDataCheckable, type BlockDataCheck, type BlockQueryRead, type QueryRows } from "./block-data-check";

/**
 * Longest the check's reads of one reply may take together, in
 * milliseconds: every demo source answers in a few milliseconds, and the
 * reply's viewers wait for its end meanwhile. Above one query's own bound
 * (`QUERY_TIME_LIMIT_MS`, 3 s), so one slow source is cut by its own limit
 * while the others still answer.
 */
export const DATA_CHECK_TIME_LIMIT_MS = 4_000;

/** Most distinct queries one reply's check reads: the reply budget's 16 blocks with two queries each; past it, queries are skipped. */
export const DATA_CHECK_MAX_READS = 32;

/** Reads in flight at once: enough that one slow source does not hold the others, few enough to leave the pool to the pages. */
export const DATA_CHECK_CONCURRENCY = 4;

/**
 * The check's own limits per person (see the file comment): a reply at
 * most `DATA_CHECK_MAX_READS` reads, and a person writes a few replies a
 * minute — eight full replies' worth is far past any real conversation.
 */
export const DATA_CHECK_QUOTA_LIMITS = Object.freeze({
  ...QUERY_QUOTA_LIMITS,
  query: { queries: 8 * DATA_CHECK_MAX_READS, rows: 40_000, windowMs: QUERY_QUOTA_WINDOW_MS },
});

// One counter per process, on globalThis, as the person's own (lib/project/query-quota.ts).
const globalStore = globalThis as typeof globalThis & { __octoDataCheckQuota?: QueryQuota };

/** The process's counter of the check's reads. */
export function dataCheckQuota(): QueryQuota {
  return (globalStore.__octoDataCheckQuota ??= new QueryQuota(DATA_CHECK_QUOTA_LIMITS));
}

/** Whose reply it is: the chat's owner reads, in their chat. */
export type DataCheckScope = { userId: string; chatId: string };

/** Options of the check. */
export type DataCheckOptions = {
  /** Default `DATA_CHECK_TIME_LIMIT_MS`. */
  timeLimitMs?: number;
  /** Default `dataCheckQuota()`. */
  quota?: QueryQuota;
  /** Stops reading (Stop, the chat's deletion): what is unread is skipped. */
  signal?: AbortSignal;
};

/** The first readings of a reply's queries, read once each (see the file comment). */
export class ReplyDataReading {
  /** Rows by query; null for a query skipped. */
  private readonly rows = new Map<string, readonly UiRecord[] | null>();
  private project: Promise<Project | null> | null = null;

  constructor(
    private readonly scope: DataCheckScope,
    private readonly options: DataCheckOptions = {},
  ) {}

  /** The rows read for a query; undefined when it was skipped or never asked for. */
  readonly rowsOf: QueryRows = (query) => this.rows.get(queryKey(query)) ?? undefined;

  /** Queries skipped so far (not answered in time, refused, past the bounds). */
  get skipped(): number {
    let count = 0;
    for (const rows of this.rows.values()) if (rows === null) count += 1;
    return count;
  }

  /** Reads every query of `blocks`' checkable blocks not read yet, within a fresh time budget; never throws. */
  async read(blocks: readonly UiBlock[]): Promise<void> {
    const wanted = new Map<string, BlockQueryRead>();
    for (const block of blocks) {
      if (!isDataCheckable(block)) continue;
      for (const { read } of blockQueryReads(block)) {
        if (read !== null && !this.rows.has(queryKey(read))) wanted.set(queryKey(read), read);
      }
    }
    if (wanted.size === 0) return;
    const queue = [...wanted.entries()];
    const allowed = Math.max(0, DATA_CHECK_MAX_READS - this.rows.size);
    for (const [key] of queue.slice(allowed)) this.rows.set(key, null);
    const reads = queue.slice(0, allowed);
    const project = await this.authorizedProject();
    if (project === null) {
      for (const [key] of reads) this.rows.set(key, null);
      return;
    }
    const deadline = Date.now() + (this.options.timeLimitMs ?? DATA_CHECK_TIME_LIMIT_MS);
    const next = async (): Promise<void> => {
      for (let entry = reads.shift(); entry !== undefined; entry = reads.shift()) {
        const [key, query] = entry;
        this.rows.set(key, await this.readOne(project, query, deadline));
      }
    };
    await Promise.all(Array.from({ length: Math.min(DATA_CHECK_CONCURRENCY, reads.length) }, next));
  }

  /** One query's rows, or null when it is skipped: past the deadline, stopped, or refused. */
  private async readOne(project: Project, query: BlockQueryRead, deadline: number): Promise<readonly UiRecord[] | null> {
    const remaining = deadline - Date.now();
    if (remaining <= 0 || this.options.signal?.aborted) return null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), remaining);
    });
    const read = readProjectSource({
      actor: this.actor(),
      project,
      source: query.source,
      arguments: query.arguments,
      channel: "query",
      quota: this.options.quota ?? dataCheckQuota(),
    }).then(
      (result) => result.rows,
      (caught: unknown) => {
        // A refusal the page would show too (a time-out, the check's quota, arguments the source refuses) is a skip; anything else is logged.
        if (!isAppError(caught) || caught.code.startsWith("internal:")) console.error(`chat: the data check's read of "${query.source}" failed`, caught);
        return null;
      },
    );
    try {
      return await Promise.race([read, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  private actor(): Actor {
    return { userId: this.scope.userId, role: "user", isGuest: false, name: "" };
  }

  /** The chat's project, authorized for its owner once; null when they cannot read it (or the database cannot say). */
  private authorizedProject(): Promise<Project | null> {
    this.project ??= (async () => {
      try {
        const chat = await authorizeChat(this.actor(), this.scope.chatId, "read");
        return await authorizeProject(this.actor(), chat.projectId);
      } catch (caught) {
        if (!isAppError(caught) || caught.code.startsWith("internal:")) console.error(`chat: the data check could not authorize chat ${this.scope.chatId}'s project`, caught);
        return null;
      }
    })();
    return this.project;
  }
}

/** What the check found in a reply: per ```ui block, in order, its findings (null for a block not checked), and the readings. */
export type ReplyDataCheck = {
  blocks: (BlockDataCheck | null)[];
  reading: ReplyDataReading;
};

/** Checks every ```ui block of a reply on real and empty data (see the file comment); null when no block declares a query. Never throws. */
export async function checkReplyData(input: DataCheckScope & DataCheckOptions & { blocks: readonly UiBlock[] }): Promise<ReplyDataCheck | null> {
  if (!input.blocks.some(isDataCheckable)) return null;
  const { blocks, userId, chatId, ...options } = input;
  const reading = new ReplyDataReading({ userId, chatId }, options);
  try {
    await reading.read(blocks);
    return { blocks: blocks.map((block) => checkBlockData(block, reading.rowsOf)), reading };
  } catch (caught) {
    // The evaluation never throws and the reads are caught; should anything else, the reply is stored unchecked.
    console.error(`chat: the data check of chat ${chatId}'s reply failed`, caught);
    return null;
  }
}

/** A query's identity: its source and evaluated arguments. */
function queryKey(query: BlockQueryRead): string {
  return `${query.source}\u0000${JSON.stringify(query.arguments)}`;
}
