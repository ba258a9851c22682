/**
 * The host actions, by name: each with its model-facing definition, the
 * schema of the record it stores, how its input is normalised for the
 * idempotency key (defaults filled in, so `{}` and `{branch: "main"}` are one
 * request), the arguments it takes when the model names none (what a
 * person's click need not show: `choice-consent.ts`), what it does inside the
 * store's transaction, the sentence its proposal reads — exactly what will
 * happen, where and as whom — and the line its record shows. Adding an
 * action means a definition, an entry here, and its name in the
 * `host_actions` table's check.
 */
import "server-only";
import type { z } from "zod";
import type { Database } from "@/db/client";
import type { JsonValue, Project } from "@/db/schema";
import { fileIssue, fileIssueLine, issueLabels } from "./file-issue";
import { CARD_LINE_LENGTH, cut, FileIssueRecordSchema, RerunTestsRecordSchema, type FileIssueRecord, type RerunTestsRecord } from "./host-action-card";
import { HOST_ACTION_DEFINITIONS, type FileIssueInput, type HostActionDefinition, type HostActionName, type RerunTestsInput } from "./host-action-definitions";
import { rerunBranch, rerunLine, rerunTests } from "./rerun-tests";

/** What an action is given when it runs: the transaction, the authorized project, its input, and for whom. */
export type HostActionContext<Input> = { database: Database; project: Project; input: Input; userId: string; chatId: string; now: Date };

/** One host action (see the file comment). */
export type HostAction<Input, Record> = {
  definition: HostActionDefinition;
  recordSchema: z.ZodType<Record>;
  normalize: (project: Project, input: Input) => { [name: string]: JsonValue };
  /** The normalised arguments of a call that names none it may leave out. */
  defaults: (project: Project) => { [name: string]: JsonValue };
  /** The proposal's sentence: "File issue 'Login test is flaky' on project Demo as Ana Souza". */
  proposal: (context: { project: Project; actorName: string; input: Input }) => string;
  perform: (context: HostActionContext<Input>) => Promise<Record>;
  line: (record: Record) => string;
};

/** Characters of a proposal's "where and as whom" kept whole when the sentence is too long for its card: the rest of the line is the action's. */
const PROPOSAL_TAIL_LENGTH = 120;

/** `what` + `whereAndWho` within a card's line, cutting what it does before it ever cuts where and as whom. */
export function proposalSentence(what: string, whereAndWho: string): string {
  const tail = cut(whereAndWho, PROPOSAL_TAIL_LENGTH);
  return `${cut(what, CARD_LINE_LENGTH - tail.length)}${tail}`;
}

/** The registry (see the file comment). */
export const HOST_ACTIONS: { rerun_tests: HostAction<RerunTestsInput, RerunTestsRecord>; file_issue: HostAction<FileIssueInput, FileIssueRecord> } = {
  rerun_tests: {
    definition: HOST_ACTION_DEFINITIONS.rerun_tests,
    recordSchema: RerunTestsRecordSchema,
    normalize: (project, input) => ({ branch: rerunBranch(project, input) }),
    defaults: (project) => ({ branch: project.defaultBranch }),
    proposal: ({ project, actorName, input }) => proposalSentence(`Re-run the failed tests of the newest run on ${rerunBranch(project, input)}`, ` in project ${project.name} as ${actorName}`),
    perform: (context) => rerunTests(context),
    line: rerunLine,
  },
  file_issue: {
    definition: HOST_ACTION_DEFINITIONS.file_issue,
    recordSchema: FileIssueRecordSchema,
    normalize: (_project, input) => ({ title: input.title, body: input.body, labels: issueLabels(input) }),
    defaults: () => ({ labels: [] }),
    proposal: ({ project, actorName, input }) => {
      const labels = issueLabels(input);
      return proposalSentence(`File issue '${input.title}'${labels.length > 0 ? ` (${labels.join(", ")})` : ""}`, ` on project ${project.name} as ${actorName}`);
    },
    perform: (context) => fileIssue(context),
    line: fileIssueLine,
  },
};

/** The action of a name, in the registry's general shape. */
export function hostActionOf(name: HostActionName): HostAction<unknown, unknown> {
  return HOST_ACTIONS[name] as unknown as HostAction<unknown, unknown>;
}
