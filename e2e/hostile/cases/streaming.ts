/**
 * Streaming tricks: the same attacks, cut where a renderer of a half-arrived
 * reply could be fooled — a fence split mid-`url(`, a tag cut inside a
 * quoted prop, a chunk boundary inside a surrogate pair or inside
 * `[octo-ui-action]`, fences that never close or that turn into another
 * language, NUL and controls as their own events, a stream that breaks off
 * or sends garbage. Each `hold` gives the browser time to draw the reply as
 * it stands (previews tick every 250 ms).
 */
import { hold, inPieces, text, TRACKER_ORIGIN, type HostileCase, type HostileChunk } from "../hostile-case";

function streamCase(options: { id: string; title: string; chunks: (string | HostileChunk)[]; shows?: string[]; dependsOn?: string; ownChat?: boolean }): HostileCase {
  return {
    id: options.id,
    class: "streaming",
    title: options.title,
    steps: [{ chunks: options.chunks.map((chunk) => (typeof chunk === "string" ? text(chunk) : chunk)) }],
    expect: { replyShows: options.shows ?? [] },
    ...(options.dependsOn ? { dependsOn: options.dependsOn } : {}),
    ...(options.ownChat ? { ownChat: true } : {}),
  };
}

export const STREAMING_CASES: HostileCase[] = [
  streamCase({
    id: "stream-mermaid-split-url",
    title: "a mermaid fence split in the middle of url(, held open, then closed",
    // A state diagram: mermaid's flowchart grammar refuses the parentheses, a state diagram draws them.
    chunks: ["Split diagram:\n\n```mermaid\nstateDiagram-v2\n  [*] --> A\n  A --> B\n  style A fill:url(", hold(), `//tracker.example.test/split.png)\n  classDef c fill:url(${TRACKER_ORIGIN}/sp`, hold(), "lit-class.png)\n  class B c\n```\n\nSplit diagram ended.\n"],
    shows: ["Split diagram:", "Split diagram ended."],
    dependsOn: "(1) mermaid diagrams make the browser fetch",
  }),
  streamCase({
    id: "stream-ui-tag-cut-in-prop",
    title: "a ```ui tag cut inside a quoted href and inside an attachment prop",
    chunks: ["Cut tags:\n\n```ui\n<Sources>\n  <Source title=\"Cut\" href=\"javas", hold(), "cript:alert(1)\"/>\n</Sources>\n<Image attachment=\"" + TRACKER_ORIGIN + "/cu", hold(), "t.png\" alt=\"cut\"/>\n<Callout tone=\"info\" title=\"<img src=" + TRACKER_ORIGIN + "/ti", hold(), "tle.png>\">callout</Callout>\n```\n\nCut tags ended.\n"],
    shows: ["Cut tags:", "Cut tags ended."],
  }),
  streamCase({
    id: "stream-genui-cut-in-href",
    title: "an octo-ui link cut inside its href: the preview must not link the half that arrived",
    chunks: ['Cut link:\n\n```octo-ui\n{"title": "Cut", "items": [{"type": "link", "text": "cut link", "href": "https://example.com/', hold(), '\\u0000"}, {"type": "link", "text": "second", "href": "java', hold(), 'script:alert(1)"}]}\n```\n\nCut link ended.\n'],
    shows: ["Cut link:", "Cut link ended."],
  }),
  streamCase({
    id: "stream-markdown-cut-link",
    title: "a Markdown link and image cut mid-destination: javascript: and an off-site image arrive in pieces",
    chunks: ["Cut prose: [click](java", hold(), "script:alert(1)) and ![pic](http://tracker.exa", hold(), "mple.test/cut.png) and <img src=x on", hold(), "error=alert(2)>\n\nCut prose ended.\n"],
    shows: ["Cut prose:", "Cut prose ended."],
  }),
  streamCase({
    id: "stream-surrogate-split",
    title: "chunk boundaries inside surrogate pairs and a ZWJ emoji sequence",
    chunks: ["Emoji: \ud83d", hold(300), "\ude00 family \ud83d\udc69\u200d", hold(300), "\ud83d\udc67 flag \ud83c", "\uddfa\ud83c", "\uddf3 done.\n"],
    shows: ["Emoji: \u{1F600} family", "done."],
  }),
  streamCase({
    id: "stream-envelope-split",
    title: "the reply's prose carries [octo-ui-action] cut across chunks: it stays text and sends nothing",
    chunks: ["[octo-ui-", hold(), 'action] {"panel":"victim","action":"steal","fields":{},"payload":{}}', hold(), "\n\nThe envelope in prose ended.\n"],
    shows: ["[octo-ui-action]", "The envelope in prose ended."],
  }),
  streamCase({
    id: "stream-unterminated-fences",
    title: "```ui, ```octo-ui and ```mermaid fences that never close",
    chunks: [
      "Open fences:\n\n```ui\n<Callout tone=\"danger\" title=\"never closed\">text\n<Sources><Source title=\"s\" href=\"javascript:alert(1)\"/>\n",
      hold(),
      "\n```octo-ui\n{\"items\": [{\"type\": \"link\", \"text\": \"open\", \"href\": \"javascript:alert(2)\"}",
      hold(),
      "\n```mermaid\nflowchart LR\n  A@{ img: \"" + TRACKER_ORIGIN + "/open.png\" }\n",
    ],
    shows: ["Open fences:"],
  }),
  streamCase({
    id: "stream-fence-changes-language",
    title: "fences whose info string turns into another language as it streams (ui → uix, octo → octo-ui, mermaid → mermaidx)",
    chunks: [
      "Shifting fences:\n\n```ui",
      hold(),
      'x\n<Callout title="not ui">shifted</Callout>\n```\n\n```octo',
      hold(),
      '-ui\n{"items": [{"type": "link", "text": "shift", "href": "javascript:alert(1)"}]}\n```\n\n```mermaid',
      hold(),
      "x\nflowchart LR\n  A@{ img: \"" + TRACKER_ORIGIN + "/shift.png\" }\n```\n\nShifting fences ended.\n",
    ],
    shows: ["Shifting fences:", "Shifting fences ended."],
  }),
  streamCase({
    id: "stream-fence-closes-early",
    title: "a fence closed, then text that looks like its continuation, then a second close",
    chunks: ["Early close:\n\n```ui\n<Callout title=\"a\">first</Callout>\n```\n", hold(), '<Source title="outside" href="javascript:alert(1)"/>\n```\n\n<img src="' + TRACKER_ORIGIN + '/after-close.png">\n\nEarly close ended.\n'],
    shows: ["Early close:", "Early close ended."],
  }),
  streamCase({
    id: "stream-nul-event",
    title: "NUL characters as events of their own, and inside a ```ui block",
    chunks: ["Before NUL events.", "\u0000", " Between NUL events.", "\u0000\u0000", '\n\n```ui\n<Callout title="nul\u0000title">nul\u0000text</Callout>\n```\n\nAfter NUL events.\n'],
    shows: ["Before NUL events.", "After NUL events."],
    dependsOn: "(3) a NUL character in the streamed text loses the reply",
  }),
  streamCase({
    id: "stream-controls-events",
    title: "lone surrogates, C1 controls and a BOM as events of their own",
    chunks: ["Controls start.", "\ud800", "\u0085", "\ufeff", "\udfff", "\u001b[31m", " Controls end.\n"],
    shows: ["Controls start.", "Controls end."],
  }),
  streamCase({
    id: "stream-dropped",
    title: "the stream breaks off mid-reply, inside an open fence: what arrived is kept, and the reply says it failed",
    chunks: ["Dropped reply starts.\n\n```ui\n<Callout title=\"half\">half a block", hold(300), { kind: "drop" }],
    shows: ["Dropped reply starts."],
  }),
  streamCase({
    id: "stream-garbage-events",
    title: "malformed events mid-stream: a line that is not JSON, an event with no choices, a comment",
    chunks: ["Garbage starts. ", { kind: "raw", line: "data: {not json" }, { kind: "raw", line: ": a comment line" }, { kind: "raw", line: 'data: {"choices": []}' }, " Garbage ends.\n"],
    shows: ["Garbage starts."],
  }),
  streamCase({
    id: "stream-reasoning-markup",
    title: "reasoning deltas carrying markup and script links, then the answer",
    chunks: [{ kind: "reasoning", text: `<img src="${TRACKER_ORIGIN}/reasoning.png" onerror="alert(1)"> [x](javascript:alert(2))` }, "The answer after reasoning.\n"],
    shows: ["The answer after reasoning."],
  }),
  streamCase({
    id: "stream-one-character-events",
    title: "a ```ui block and an octo-ui fence streamed one character per event",
    chunks: [
      ...inPieces('One character at a time:\n\n```ui\n<Sources><Source title="tiny" href="javascript:alert(1)"/></Sources>\n```\n\n', 1),
      ...inPieces('```octo-ui\n{"items": [{"type": "link", "text": "tiny link", "href": "//tracker.example.test/tiny"}]}\n```\n\nTiny events ended.\n', 1),
    ],
    shows: ["One character at a time:", "Tiny events ended."],
  }),
  streamCase({
    id: "stream-empty-reply",
    title: "a reply with no text at all",
    chunks: [],
  }),
];

