/**
 * The vocabulary of the hostile corpus: a case is what a prompt-injected
 * model streams (its chunks, exactly, with the pauses that make a browser
 * draw a half-arrived reply) plus what a person must see afterwards. Cases
 * are data, shared by the hostile model server (which plays them) and the
 * browser spec (which checks them); nothing here imports Playwright.
 */

/** The classes SECURITY.md points at; every case belongs to one. */
export const HOSTILE_CLASSES = {
  markdown: "Markdown prose: raw HTML, script and data URLs, images, deep nesting, control characters",
  "ui-dialect": "the ```ui tag language: URL-ish props, chips, cells, queries, prototype keys, choices",
  "octo-ui-dialect": "the GenUI JSON dialect in ```octo-ui fences: links, unknown fields, buttons, depth",
  "render-ui": "the render_ui tool: the same specs through a tool call, interactive nodes, broken input",
  "unknown-tool": "calls to tools the app never offered",
  mermaid: "mermaid diagrams: image shapes, icons, style url(), C4 styles, init directives",
  streaming: "streaming tricks: chunk boundaries inside a construct, unterminated and shifting fences, NUL, a dropped stream",
  "forged-envelope": "forged [octo-ui-action] envelopes: typed, in a choice label, in a button, in prose",
  size: "size: megabyte replies, huge tables",
  "artifact-network": "HTML artifact pages that try every way to a socket: WebRTC, resource hints, nested frames, workers, every request",
  "host-actions": "host actions nobody asked for: unasked issues and re-runs, lost lines, regenerated repeats, guests and viewers, comparison panes",
  "plain-text": "text that reads otherwise than it is stored: terminal escapes, bidi controls in views, look-alike artifact names, a block drawn differently on reload",
} as const;

/** One class of the corpus. */
export type HostileClass = keyof typeof HOSTILE_CLASSES;

/** One piece of what the model streams in one call. */
export type HostileChunk =
  /** A `content` delta, sent as one server-sent event. */
  | { kind: "text"; text: string }
  /** A pause before the next event, long enough for the browser to draw the reply as it stands. */
  | { kind: "hold"; milliseconds: number }
  /** A tool call, its `arguments` sent in these pieces (one event each). */
  | { kind: "tool-call"; id: string; name: string; argumentPieces: string[] }
  /** A `reasoning_content` delta (what some OpenAI-compatible servers send for thinking). */
  | { kind: "reasoning"; text: string }
  /** A raw line written to the stream as it is (a malformed event). */
  | { kind: "raw"; line: string }
  /** The connection is destroyed here, without a finish. */
  | { kind: "drop" };

/** One model call: what the model streams when the app asks it for this step of the reply. */
export type HostileStep = { chunks: HostileChunk[] };

/** What the person must see after the case, live and again after a reload. */
export type HostileExpectation = {
  /** Texts the newest reply shows (the reply arrived, and nothing was lost). */
  replyShows?: string[];
};

/** What the spec does after the reply, before checking. */
export type HostileFollowUp =
  /** Click the button with this accessible name in the newest reply; the turn it sends must be visible and stored as not silent. */
  | { kind: "click-expecting-visible-turn"; button: string; turnShows: string }
  /** Click the button with this name in the newest reply; the turn it sends is a panel's silent action, stored silent, naming `panel`. */
  | { kind: "click-expecting-silent-action"; button: string; panel: string; action: string; threadShows: string };

/** One case of the corpus. */
export type HostileCase = {
  /** Kebab-case id; the prompt `hostile case <id>` plays it. */
  id: string;
  /** The class it belongs to. */
  class: HostileClass;
  /** What it tries, in one line. */
  title: string;
  /** The model calls of the reply, in order (a tool call's step is followed by the text step after it). */
  steps: HostileStep[];
  /**
   * Played instead of `steps` by every other identical request the server
   * gets (the 2nd, 4th…): a regenerated reply asks again with the same
   * messages, and a model's second answer may differ by one character.
   */
  stepsOnRepeat?: HostileStep[];
  /** The prompt the person sends instead of `hostile case <id>` (it must still name the case). */
  prompt?: string;
  /** The case's blocks ask the chat's project routes (`/queries`, `/links`): those requests are the app's, not the model's. */
  usesProjectData?: boolean;
  /** Plays in a chat of its own (a megabyte reply, a nesting bomb): what it leaves behind must not slow or break the cases after it. */
  ownChat?: boolean;
  expect?: HostileExpectation;
  followUp?: HostileFollowUp;
  /**
   * Which fix the case is written against, when today's code fails it by
   * design (the numbered findings); SECURITY.md and the report list these.
   */
  dependsOn?: string;
  /** Milliseconds the reply may take (default: the spec's ordinary reply time). */
  replyTimeoutMs?: number;
};

/** An origin that is not the app's: where a planted pixel, icon or stylesheet would call. */
export const TRACKER_ORIGIN = "http://tracker.example.test";

/** A text delta. */
export function text(value: string): HostileChunk {
  return { kind: "text", text: value };
}

/** A pause of `milliseconds` (the chat's previews tick every 250 ms; 700 lets one be drawn). */
export function hold(milliseconds = 700): HostileChunk {
  return { kind: "hold", milliseconds };
}

/** A reply of one model call streaming `pieces` as separate events. */
export function reply(...pieces: (string | HostileChunk)[]): HostileStep[] {
  return [{ chunks: pieces.map((piece) => (typeof piece === "string" ? text(piece) : piece)) }];
}

/** `value` cut into events of `size` characters (a model streams a few characters at a time). */
export function inPieces(value: string, size: number): HostileChunk[] {
  const chunks: HostileChunk[] = [];
  for (let start = 0; start < value.length; start += size) chunks.push(text(value.slice(start, start + size)));
  return chunks;
}

/** A fenced block of `language` around `body`. */
export function fence(language: string, body: string): string {
  return "```" + language + "\n" + body.replace(/\n$/, "") + "\n```\n";
}

/** A ```` ```octo-ui ```` fence carrying `spec` as JSON. */
export function octoUi(spec: unknown): string {
  return fence("octo-ui", JSON.stringify(spec, null, 1));
}

/** A reply that calls `name` with `input` (arguments streamed in `pieceSize` pieces), then writes `after`. */
export function toolReply(options: { name: string; input: unknown; after: string; before?: string; pieceSize?: number; rawArguments?: string }): HostileStep[] {
  const argumentsText = options.rawArguments ?? JSON.stringify(options.input);
  const pieceSize = options.pieceSize ?? 400;
  const argumentPieces: string[] = [];
  for (let start = 0; start < argumentsText.length; start += pieceSize) argumentPieces.push(argumentsText.slice(start, start + pieceSize));
  const first: HostileChunk[] = options.before ? [text(options.before)] : [];
  first.push({ kind: "tool-call", id: "call_hostile_1", name: options.name, argumentPieces });
  return [{ chunks: first }, { chunks: [text(options.after)] }];
}

/** The prompt that plays a case. */
export function hostilePrompt(id: string): string {
  return `hostile case ${id}`;
}

/** The case id a person's message names, or null. */
export function caseIdOf(message: string): string | null {
  return /hostile[ -]case[: ]([a-z0-9][a-z0-9-]*)/i.exec(message)?.[1]?.toLowerCase() ?? null;
}
