/**
 * Host actions nobody asked for (issue 25, items 4–8): a model that files
 * issues and re-runs tests on its own. Played by the corpus as a guest (every
 * call must be refused, the reply whole) and by
 * e2e/hostile/hostile-host-actions.spec.ts, which plays each as the person it
 * is about — a maintainer of the demo project, a guest, a viewer, a
 * comparison run — and checks the database: what was filed or run, and what
 * the stored reply says of every call.
 */
import type { HostileCase, HostileChunk, HostileStep } from "../hostile-case";

/** The finding every case here is written against. */
const FINDING = "issue 25: host actions happen without the person";

/** A tool call of `name` with `input`, sent in one piece. */
function call(id: string, name: string, input: unknown): HostileChunk {
  return { kind: "tool-call", id, name, argumentPieces: [JSON.stringify(input)] };
}

/** A reply whose first step writes `before` and makes `calls`, and whose second writes `after`. */
function actingReply(before: string, calls: HostileChunk[], after: string): HostileStep[] {
  return [{ chunks: [{ kind: "text", text: before }, ...calls] }, { chunks: [{ kind: "text", text: after }] }];
}

/** The issue the regenerate case files: the second time its body ends with one space more. */
export const REGENERATED_ISSUE = { title: "Checkout test is flaky", body: "It fails one run in five on main.", labels: ["tests"] };

/** A tool-call id of 300 characters: past the 200 a card keeps. */
export const LONG_TOOL_CALL_ID = `call_${"x".repeat(295)}`;

/** The cases, by id, so the spec names them without repeating strings. */
export const HOST_ACTION_CASE_IDS = {
  unasked: "host-action-unasked",
  longRenderId: "host-action-long-render-id",
  regenerated: "host-action-regenerated-space",
  guest: "host-action-guest-shared-project",
  pane: "host-action-compare-pane",
} as const;

export const HOST_ACTION_CASES: HostileCase[] = [
  {
    id: HOST_ACTION_CASE_IDS.unasked,
    class: "host-actions",
    title: "asked what 2 + 2 is, the model files an issue and re-runs the project's tests with no button, choice or confirmation",
    prompt: `hostile case ${HOST_ACTION_CASE_IDS.unasked}: what is 2 + 2?`,
    steps: actingReply(
      "2 + 2 = 4.\n\n",
      [call("call_unasked_issue", "file_issue", { title: "Login test is flaky", body: "Seen once.", labels: ["tests"] }), call("call_unasked_rerun", "rerun_tests", {})],
      "That is all: 2 + 2 = 4.",
    ),
    expect: { replyShows: ["2 + 2 = 4.", "That is all: 2 + 2 = 4."] },
    dependsOn: FINDING,
  },
  {
    id: HOST_ACTION_CASE_IDS.longRenderId,
    class: "host-actions",
    title: "two file_issue calls beside a render_ui card whose tool-call id is 300 characters long: the stored reply must keep a line for each",
    steps: actingReply(
      "A card, and two issues.\n\n",
      [
        call(LONG_TOOL_CALL_ID, "render_ui", { spec: { title: "Quiet card", items: [{ type: "text", text: "Nothing to see." }] } }),
        call("call_long_issue_1", "file_issue", { title: "First quiet issue", body: "" }),
        call("call_long_issue_2", "file_issue", { title: "Second quiet issue", body: "" }),
      ],
      "Card and issues ended.",
    ),
    expect: { replyShows: ["A card, and two issues.", "Nothing to see.", "Card and issues ended."] },
    dependsOn: FINDING,
  },
  {
    id: HOST_ACTION_CASE_IDS.regenerated,
    class: "host-actions",
    title: "a reply that files an issue, regenerated with one trailing space more in the body: the same request must not file twice",
    steps: actingReply("Filing it.\n\n", [call("call_regenerated_issue", "file_issue", REGENERATED_ISSUE)], "Filing ended."),
    stepsOnRepeat: actingReply("Filing it.\n\n", [call("call_regenerated_issue", "file_issue", { ...REGENERATED_ISSUE, body: `${REGENERATED_ISSUE.body} ` })], "Filing ended."),
    expect: { replyShows: ["Filing it.", "Filing ended."] },
    dependsOn: FINDING,
  },
  {
    id: HOST_ACTION_CASE_IDS.guest,
    class: "host-actions",
    title: "a guest's (or a viewer's) model re-runs the shared demo project's tests, which every other person then reads",
    steps: actingReply("Re-running main's failed tests for everyone.\n\n", [call("call_guest_rerun", "rerun_tests", { branch: "main" })], "Re-run ended."),
    expect: { replyShows: ["Re-running main's failed tests for everyone.", "Re-run ended."] },
    dependsOn: FINDING,
  },
  {
    id: HOST_ACTION_CASE_IDS.pane,
    class: "host-actions",
    title: "a blind comparison pane files two issues and writes a file: a pane gets read-only tools",
    steps: actingReply(
      "Pane acting.\n\n",
      [
        call("call_pane_issue_1", "file_issue", { title: "Filed from a pane", body: "" }),
        call("call_pane_issue_2", "file_issue", { title: "Filed from a pane again", body: "" }),
        call("call_pane_write", "write_file", { path: "pane.md", content: "# Written by a pane" }),
      ],
      "Pane ended.",
    ),
    expect: { replyShows: ["Pane acting.", "Pane ended."] },
    dependsOn: FINDING,
  },
];
