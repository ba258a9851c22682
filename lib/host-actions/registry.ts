/**
 * The host actions, by name: each with its model-facing definition, the
 * schema of the record it stores, how its input is normalised for the
 * idempotency key (defaults filled in, so `{}` and `{branch: "main"}` are one
 * request), what it does inside the store's transaction, and the line its
 * record shows. Adding an action means a definition, an entry here, and its
 * name in the `host_actions` table's check.
 */
import "server-only";
import type { z } from "zod";
import type { Database } from "@/db/client";
import type { JsonValue, Project } from "@/db/schema";
import { fileIssue, fileIssueLine, issueLabels } from "./file-issue";
import { FileIssueRecordSchema, RerunTestsRecordSchema, type FileIssueRecord, type RerunTestsRecord } from "./host-action-card";
import { HOST_ACTION_DEFINITIONS, type FileIssueInput, type HostActionDefinition, type HostActionName, type RerunTestsInput } from "./host-action-definitions";
import { rerunBranch, rerunLine, rerunTests } from "./rerun-tests";

/** What an action is given when it runs: the transaction, the authorized project, its input, and for whom. */
export type HostActionContext<Input> = { database: Database; project: Project; input: Input; userId: string; chatId: string; now: Date };

/** One host action (see the file comment). */
export type HostAction<Input, Record> = {
  definition: HostActionDefinition;
  recordSchema: z.ZodType<Record>;
  normalize: (project: Project, input: Input) => JsonValue;
  perform: (context: HostActionContext<Input>) => Promise<Record>;
  line: (record: Record) => string;
};

/** The registry (see the file comment). */
export const HOST_ACTIONS: { rerun_tests: HostAction<RerunTestsInput, RerunTestsRecord>; file_issue: HostAction<FileIssueInput, FileIssueRecord> } = {
  rerun_tests: {
    definition: HOST_ACTION_DEFINITIONS.rerun_tests,
    recordSchema: RerunTestsRecordSchema,
    normalize: (project, input) => ({ branch: rerunBranch(project, input) }),
    perform: (context) => rerunTests(context),
    line: rerunLine,
  },
  file_issue: {
    definition: HOST_ACTION_DEFINITIONS.file_issue,
    recordSchema: FileIssueRecordSchema,
    normalize: (_project, input) => ({ title: input.title, body: input.body, labels: issueLabels(input) }),
    perform: (context) => fileIssue(context),
    line: fileIssueLine,
  },
};

/** The action of a name, in the registry's general shape. */
export function hostActionOf(name: HostActionName): HostAction<unknown, unknown> {
  return HOST_ACTIONS[name] as unknown as HostAction<unknown, unknown>;
}
