/** `file_issue`: records an issue in the chat's project under its next number. */
import "server-only";
import type { Database } from "@/db/client";
import { addProjectIssue } from "@/db/queries/host-actions";
import type { Project } from "@/db/schema";
import type { FileIssueRecord } from "./host-action-card";
import type { FileIssueInput } from "./host-action-definitions";

/** The labels as filed: each once, in the order given. */
export function issueLabels(input: FileIssueInput): string[] {
  return [...new Set(input.labels ?? [])];
}

/** Files the issue; returns what was filed. */
export async function fileIssue(input: { database: Database; project: Project; input: FileIssueInput; userId: string; chatId: string }): Promise<FileIssueRecord> {
  const labels = issueLabels(input.input);
  const number = await addProjectIssue({
    database: input.database,
    projectId: input.project.id,
    title: input.input.title,
    body: input.input.body,
    labels,
    createdBy: input.userId,
    chatId: input.chatId,
  });
  return { number, title: input.input.title, labels };
}

/** The record's line: "Filed issue #12: Billing tests fail on main". */
export function fileIssueLine(record: FileIssueRecord): string {
  return `Filed issue #${record.number}: ${record.title}`;
}
