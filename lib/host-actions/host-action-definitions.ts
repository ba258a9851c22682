/**
 * The host actions as the model sees them: name, terse description and zod
 * input schema. One definition feeds the AI SDK tools (`reply-tools.ts`),
 * the checks a replay recording's calls must pass, and the validation every
 * call goes through on the server (`run-host-action.ts`), so what the model
 * is told is what the host takes. Zod only: shared by tests and server.
 */
import { z } from "zod";

/** The actions the model may ask the host to perform. */
export const HOST_ACTION_NAMES = ["rerun_tests", "file_issue"] as const;

/** One host action. */
export const HostActionNameSchema = z.enum(HOST_ACTION_NAMES);
/** One host action. */
export type HostActionName = z.infer<typeof HostActionNameSchema>;

/** True when a tool name is one of the host actions. */
export function isHostActionName(name: string): name is HostActionName {
  return (HOST_ACTION_NAMES as readonly string[]).includes(name);
}

/** Longest branch name accepted: the query sources' own bound. */
const BRANCH_LENGTH = 1_024;
/** Longest issue title: one line in a list. */
export const ISSUE_TITLE_LENGTH = 200;
/** Longest issue body: a bug report with its steps, not a log dump. */
export const ISSUE_BODY_LENGTH = 10_000;
/** Labels one issue may carry: a few tags, not a taxonomy. */
export const ISSUE_LABELS = 10;
/** Longest label: a tag's word or two. */
export const ISSUE_LABEL_LENGTH = 40;

/** `rerun_tests`' input. */
export const RerunTestsInputSchema = z.strictObject({
  branch: z.string().trim().min(1).max(BRANCH_LENGTH).optional().describe("The branch whose newest run to re-run; default: the project's default branch."),
});
/** `rerun_tests`' input. */
export type RerunTestsInput = z.infer<typeof RerunTestsInputSchema>;

/** `file_issue`'s input. */
export const FileIssueInputSchema = z.strictObject({
  title: z.string().trim().min(1).max(ISSUE_TITLE_LENGTH),
  body: z.string().max(ISSUE_BODY_LENGTH),
  labels: z
    .array(z.string().trim().min(1).max(ISSUE_LABEL_LENGTH))
    .max(ISSUE_LABELS)
    .optional(),
});
/** `file_issue`'s input. */
export type FileIssueInput = z.infer<typeof FileIssueInputSchema>;

/** One action's model-facing definition. */
export type HostActionDefinition = {
  name: HostActionName;
  description: string;
  inputSchema: z.ZodObject;
};

/**
 * What every action's description ends with: the call is a proposal the
 * person confirms, so the model must not call again while it waits.
 */
const CONSENT = "The person confirms it on a card before anything is done: the call answers \"proposed\"; do not call it again, and do not say it was done. It runs at once only when the turn is the person's pick of a ```ui Choice whose id is this tool's name and whose fields show every argument you pass beyond the defaults.";

/** Both actions. */
export const HOST_ACTION_DEFINITIONS = {
  rerun_tests: {
    name: "rerun_tests",
    description: `Re-run the failed tests of the newest CI run on a branch of this chat's project. Adds a new run; the \`tests\` source reads it next. Input: {branch?}. ${CONSENT}`,
    inputSchema: RerunTestsInputSchema,
  },
  file_issue: {
    name: "file_issue",
    description: `File an issue in this chat's project; returns its number. Input: {title, body, labels?} (title ≤ ${ISSUE_TITLE_LENGTH} characters, ≤ ${ISSUE_LABELS} labels). ${CONSENT}`,
    inputSchema: FileIssueInputSchema,
  },
} as const satisfies Record<HostActionName, HostActionDefinition>;
