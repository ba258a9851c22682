/**
 * The query sources a ```ui block may read with `$x = @Query("source",
 * {args})`: each with the zod schema of its arguments (the compiler checks
 * constant arguments against it, the query route checks evaluated ones), the
 * schema of its rows, a description the model reads, a row cap, and a read
 * scoped to one project. One table drives compilation, the system prompt and
 * the route, so they cannot disagree about what a source takes.
 */
import "server-only";
import { z } from "zod";
import type { Database } from "@/db/client";
import { listLatestTestResults, listProjectCommits, listProjectFiles } from "@/db/queries/project-model";
import type { Project } from "@/db/schema/project";
import type { UiQuerySchemas } from "@/lib/ui/compile/options";
import type { UiRecord } from "@/lib/ui/expression/value";
import { shortSha } from "./project-paths";

/** Most test results one `tests` query returns: a large CI run, still a table a person can page through. */
export const TESTS_ROW_CAP = 500;
/** Most commits one `commits` query returns: history beyond this is for a log viewer, not a panel. */
export const COMMITS_ROW_CAP = 100;
/** Commits a `commits` query returns when it names no limit: a screenful. */
export const COMMITS_DEFAULT_LIMIT = 20;
/** Most files one `files` query returns: a directory listing a panel can show. */
export const FILES_ROW_CAP = 200;
/** UTF-16 units of a branch, path or prefix argument: the link targets' own bounds. */
const ARGUMENT_TEXT_LIMIT = 1_024;

const BranchSchema = z.string().min(1).max(ARGUMENT_TEXT_LIMIT);

/** What a source's read is given: the authorized project, its validated arguments and how many rows to return at most. */
export type QuerySourceReadInput<Arguments> = {
  database?: Database;
  project: Project;
  arguments: Arguments;
  limit: number;
};

/** One query source (see the file comment). */
export type ProjectQuerySource<Schema extends z.ZodType = z.ZodType> = {
  /** What the block names: `@Query("tests", …)`. */
  name: string;
  /** What the model reads about it (the arguments schema carries it too, with the rows' shape). */
  description: string;
  /** The arguments object, strict: a misspelt argument is a compile diagnostic, not silently ignored. */
  argumentsSchema: Schema;
  /** One row; every row a read returns is checked against it. */
  rowSchema: z.ZodObject;
  /** The most rows one query returns, whatever `limit` it asks for. */
  rowCap: number;
  /** The rows to return when the arguments name no limit. */
  limit: (argumentsValue: z.output<Schema>) => number | undefined;
  /** Reads at most `limit` rows of the project. */
  read: (input: QuerySourceReadInput<z.output<Schema>>) => Promise<UiRecord[]>;
};

/** A source with its schema types kept while it is defined, then stored as the general shape. */
function defineQuerySource<Schema extends z.ZodType>(source: ProjectQuerySource<Schema>): ProjectQuerySource {
  return source as unknown as ProjectQuerySource;
}

/** The type word of a row field, for the description the model reads. */
function fieldType(schema: z.ZodType): string {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return fieldType(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodString) return "string";
  if (schema instanceof z.ZodNumber) return "number";
  if (schema instanceof z.ZodBoolean) return "boolean";
  return "value";
}

/** `{name: string, ms: number, …}`: a row's shape as the model reads it. */
export function describeRow(rowSchema: z.ZodObject): string {
  return `{${Object.entries(rowSchema.shape)
    .map(([name, field]) => `${name}: ${fieldType(field as z.ZodType)}`)
    .join(", ")}}`;
}

const TestRowSchema = z.strictObject({
  name: z.string(),
  suite: z.string(),
  ms: z.number(),
  failed: z.boolean(),
  run: z.number(),
});

const TESTS_DESCRIPTION =
  "The tests of the newest CI run on a branch, failures first, one row per test. Arguments: branch (e.g. \"main\"), limit (1–500), failedOnly (true: failed tests only).";

/** `tests`: the newest run's results on a branch. */
const testsSource = defineQuerySource({
  name: "tests",
  description: TESTS_DESCRIPTION,
  argumentsSchema: z
    .strictObject({
      branch: BranchSchema,
      limit: z.number().int().min(1).max(TESTS_ROW_CAP).optional(),
      failedOnly: z.boolean().optional(),
    })
    .describe(`${TESTS_DESCRIPTION} Rows: ${describeRow(TestRowSchema)}.`),
  rowSchema: TestRowSchema,
  rowCap: TESTS_ROW_CAP,
  limit: (value) => value.limit,
  read: async ({ database, project, arguments: value, limit }) => {
    const rows = await listLatestTestResults({
      ...(database ? { database } : {}),
      projectId: project.id,
      branch: value.branch,
      failedOnly: value.failedOnly === true,
      limit,
    });
    return rows.map((row) => ({ name: row.name, suite: row.suite, ms: row.ms, failed: row.failed, run: row.runNumber }));
  },
});

const CommitRowSchema = z.strictObject({
  sha: z.string(),
  shortSha: z.string(),
  title: z.string(),
  author: z.string(),
  date: z.string(),
  branch: z.string(),
  files: z.number(),
});

const COMMITS_DESCRIPTION =
  "Commits, newest first. Arguments: branch (default: the project's default branch), limit (1–100, default 20), path (only commits touching that file). `date` is an ISO timestamp, `files` the number of files touched; link one with <Commit sha={commit.sha}/>.";


/** `commits`: a branch's history, optionally of one path. */
const commitsSource = defineQuerySource({
  name: "commits",
  description: COMMITS_DESCRIPTION,
  argumentsSchema: z
    .strictObject({
      branch: BranchSchema.optional(),
      limit: z.number().int().min(1).max(COMMITS_ROW_CAP).optional(),
      path: z.string().min(1).max(ARGUMENT_TEXT_LIMIT).optional(),
    })
    .describe(`${COMMITS_DESCRIPTION} Rows: ${describeRow(CommitRowSchema)}.`),
  rowSchema: CommitRowSchema,
  rowCap: COMMITS_ROW_CAP,
  limit: (value) => value.limit ?? COMMITS_DEFAULT_LIMIT,
  read: async ({ database, project, arguments: value, limit }) => {
    const rows = await listProjectCommits({
      ...(database ? { database } : {}),
      projectId: project.id,
      branch: value.branch ?? project.defaultBranch,
      ...(value.path !== undefined ? { path: value.path } : {}),
      limit,
    });
    return rows.map((row) => ({
      sha: row.sha,
      shortSha: shortSha(row.sha),
      title: row.title,
      author: row.author,
      date: row.committedAt.toISOString(),
      branch: row.branch,
      files: row.files.length,
    }));
  },
});

const FileRowSchema = z.strictObject({ path: z.string(), language: z.string(), lines: z.number() });

const FILES_DESCRIPTION =
  "Files of the project's default branch in path order. Arguments: prefix (only paths starting with it, e.g. \"lib/billing/\"). Link one with <File path={file.path}/>.";

/** `files`: the default branch's files, optionally under a prefix. */
const filesSource = defineQuerySource({
  name: "files",
  description: FILES_DESCRIPTION,
  argumentsSchema: z
    .strictObject({ prefix: z.string().max(ARGUMENT_TEXT_LIMIT).optional() })
    .describe(`${FILES_DESCRIPTION} Rows: ${describeRow(FileRowSchema)}.`),
  rowSchema: FileRowSchema,
  rowCap: FILES_ROW_CAP,
  limit: () => undefined,
  read: async ({ database, project, arguments: value, limit }) => {
    const rows = await listProjectFiles({
      ...(database ? { database } : {}),
      projectId: project.id,
      ...(value.prefix ? { prefix: value.prefix } : {}),
      limit,
    });
    return rows.map((row) => ({ path: row.path, language: row.language, lines: row.lineCount }));
  },
});

/** Every query source by name. */
export const PROJECT_QUERY_SOURCES: Readonly<Record<string, ProjectQuerySource>> = Object.freeze({
  tests: testsSource,
  commits: commitsSource,
  files: filesSource,
});

/** The sources' argument schemas by name, for the compiler (`UiCompileOptions.querySchemas`) and the system prompt. */
export const PROJECT_QUERY_SCHEMAS: UiQuerySchemas = Object.freeze(
  Object.fromEntries(Object.entries(PROJECT_QUERY_SOURCES).map(([name, source]) => [name, source.argumentsSchema])),
);

/** The source of that name, or undefined (never an inherited property). */
export function projectQuerySource(name: string): ProjectQuerySource | undefined {
  return Object.hasOwn(PROJECT_QUERY_SOURCES, name) ? PROJECT_QUERY_SOURCES[name] : undefined;
}
