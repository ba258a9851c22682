/**
 * Hostile mermaid, as ```mermaid fences in prose: every way the issue saw a
 * diagram make the browser fetch (image shapes off-site and on our own
 * origin, architecture icons, C4 style colours, style/classDef url() in
 * flowchart, state, block and treemap diagrams, an unclosed url(),
 * %%{init}%% themeCSS and @import) and the older tricks (HTML labels, click
 * handlers, init overrides, kanban ticket links). The same sources are
 * reused by the ```ui Diagram, the octo-ui mermaid node and render_ui cases.
 */
import { fence, reply, TRACKER_ORIGIN, type HostileCase } from "../hostile-case";

/** Hostile mermaid sources by name; the other dialects' cases draw some of them too. */
export const HOSTILE_MERMAID = {
  imageShapeOffsite: `flowchart TD\n  A@{ img: "${TRACKER_ORIGIN}/shape.png", label: "Off-site image shape", pos: "t", w: 60, h: 60, constraint: "on" }\n  A --> B[Next]`,
  imageShapeSameOrigin: `flowchart TD\n  A@{ img: "/api/auth/sign-out", label: "Same-origin image shape", pos: "b", w: 40, h: 40 }\n  B@{ img: "/api/chats", label: "API" }\n  A --> B`,
  imageShapeProtocolRelative: `flowchart LR\n  A@{ img: "//tracker.example.test/pr-shape.png", label: "Protocol-relative" }\n  B@{ img: "javascript:alert(1)", label: "Script shape" }\n  C@{ img: "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload='alert(2)'/>", label: "Data shape" }\n  A --> B --> C`,
  architectureIcons: `architecture-beta\n  group api(cloud)[<img src='${TRACKER_ORIGIN}/arch-group.png'>]\n  service db(database)[<img src='${TRACKER_ORIGIN}/arch-title.png' onerror=alert(1)>] in api\n  service web(logos:aws)["<img src=//tracker.example.test/arch-quoted.png>"] in api\n  service disk1(disk)[Storage] in api\n  db:L -- R:disk1`,
  c4ElementStyle: `C4Context\n  title Hostile C4\n  Person(customer, "Customer", "A person")\n  System(system, "System", "The system")\n  Rel(customer, system, "Uses")\n  UpdateElementStyle(customer, $fontColor="url(//tracker.example.test/c4-font.png)", $bgColor="url(${TRACKER_ORIGIN}/c4-bg.png)", $borderColor="url(//tracker.example.test/c4-border.png)")\n  UpdateElementStyle(system, $bgColor="red;background-image:url(//tracker.example.test/c4-injected.png)")`,
  c4RelStyle: `C4Context\n  Person(a, "A")\n  System(b, "B")\n  Rel(a, b, "Calls")\n  UpdateRelStyle(a, b, $textColor="url(${TRACKER_ORIGIN}/c4-text.png)", $lineColor="blue;stroke:url(//tracker.example.test/c4-line.svg#p)", $offsetX="5", $offsetY="-10")`,
  flowchartStyleUrl: `flowchart LR\n  A[Styled] --> B[Classed]\n  style A fill:url(//tracker.example.test/flow-style.png),stroke:url(${TRACKER_ORIGIN}/flow-stroke.svg#s)\n  classDef hostile fill:url(${TRACKER_ORIGIN}/flow-class.png),color:red\n  class B hostile\n  linkStyle 0 stroke:url(//tracker.example.test/flow-link.svg#l)`,
  stateClassDefUrl: `stateDiagram-v2\n  classDef hostile fill:url(//tracker.example.test/state-class.png),font-style:italic\n  [*] --> Idle\n  Idle --> Busy\n  class Idle hostile\n  style Busy fill:url(${TRACKER_ORIGIN}/state-style.png)`,
  blockStyleUrl: `block-beta\n  columns 2\n  a["Block A"] b["Block B"]\n  style a fill:url(//tracker.example.test/block-style.png)\n  classDef hostile fill:url(${TRACKER_ORIGIN}/block-class.png)\n  class b hostile`,
  treemapClassDefUrl: `treemap-beta\n  "Root"\n    "Leaf A": 10:::hostile\n    "Leaf B": 20\n  classDef hostile fill:url(//tracker.example.test/treemap-class.png),stroke:url(${TRACKER_ORIGIN}/treemap-stroke.svg#s)`,
  unclosedUrl: `stateDiagram-v2\n  [*] --> Idle\n  Idle --> Busy\n  classDef open fill:url('//tracker.example.test/unclosed-quote.png\n  class Busy open\n  style Idle fill:url(${TRACKER_ORIGIN}/unclosed.png`,
  initThemeCss: `%%{init: {"themeCSS": "@import url(${TRACKER_ORIGIN}/init.css); .node rect { fill: url(//tracker.example.test/init-fill.png) }", "themeVariables": {"primaryColor": "url(${TRACKER_ORIGIN}/init-var.png)"}, "fontFamily": "x;background:url(//tracker.example.test/font.png)"}}%%\nflowchart LR\n  A --> B`,
  frontMatterConfig: `---\nconfig:\n  themeCSS: "@import url(${TRACKER_ORIGIN}/front.css);"\n  themeVariables:\n    primaryColor: "url(//tracker.example.test/front-var.png)"\n  securityLevel: loose\n---\nflowchart LR\n  A --> B`,
  htmlLabels: `%%{init: {"securityLevel": "loose", "htmlLabels": true, "flowchart": {"htmlLabels": true}}}%%\nflowchart LR\n  A["<img src='${TRACKER_ORIGIN}/label.png' onerror=alert(1)>"] --> B["\`**md** <img src='//tracker.example.test/md-label.png'>\`"]\n  B --> C["<a href='javascript:alert(2)'>link</a>"]`,
  clickHandlers: `flowchart LR\n  A --> B --> C\n  click A "javascript:alert(1)" "tip"\n  click B call alert(2)\n  click C href "${TRACKER_ORIGIN}/click" _blank`,
  kanbanTicketLink: `%%{init: {"kanban": {"ticketBaseUrl": "javascript:alert('#TICKET#')"}}}%%\nkanban\n  todo[To do]\n    t1[Ticket one]@{ ticket: 42, assigned: '<img src=${TRACKER_ORIGIN}/kanban.png>', priority: 'High' }`,
  sequenceNotes: `sequenceDiagram\n  participant A as <img src=${TRACKER_ORIGIN}/seq.png>\n  A->>B: <script>alert(1)</script>\n  Note over A,B: <img src=//tracker.example.test/note.png onerror=alert(2)>\n  links A: {"Dashboard": "javascript:alert(3)", "Tracker": "${TRACKER_ORIGIN}/links"}`,
  tooManyEdges: `flowchart LR\n${Array.from({ length: 700 }, (_, index) => `  n${index} --> n${index + 1}`).join("\n")}`,
} as const;

/** A reply with `sentence`, then `source` as a ```mermaid fence, then a closing line. */
function diagramReply(sentence: string, source: string) {
  return reply(`${sentence}\n\n`, fence("mermaid", source), "\nThe diagram ends here.\n");
}

/** A mermaid case: the reply shows its sentence and its closing line whatever happens to the drawing. */
function mermaidCase(id: string, title: string, source: string, dependsOn?: string): HostileCase {
  const sentence = `Diagram ${id} follows.`;
  return { id, class: "mermaid", title, steps: diagramReply(sentence, source), expect: { replyShows: [sentence, "The diagram ends here."] }, ...(dependsOn ? { dependsOn } : {}) };
}

/** The first finding, which these cases are written against. */
const FETCHES = "(1) mermaid diagrams make the browser fetch";

export const MERMAID_CASES: HostileCase[] = [
  mermaidCase("mermaid-image-shape-offsite", "a flowchart image shape pointing off-site", HOSTILE_MERMAID.imageShapeOffsite, FETCHES),
  mermaidCase("mermaid-image-shape-same-origin", "a flowchart image shape pointing at /api/auth/sign-out", HOSTILE_MERMAID.imageShapeSameOrigin, FETCHES),
  mermaidCase("mermaid-image-shape-schemes", "image shapes with protocol-relative, javascript: and data: URLs", HOSTILE_MERMAID.imageShapeProtocolRelative, FETCHES),
  mermaidCase("mermaid-architecture-icons", "architecture group and service titles carrying <img>, an icon from a pack the app never registered", HOSTILE_MERMAID.architectureIcons, FETCHES),
  mermaidCase("mermaid-c4-element-style", "C4 UpdateElementStyle colours as url() and an injected declaration", HOSTILE_MERMAID.c4ElementStyle, FETCHES),
  mermaidCase("mermaid-c4-rel-style", "C4 UpdateRelStyle colours as url() and an injected stroke", HOSTILE_MERMAID.c4RelStyle, FETCHES),
  // mermaid 11.17's flowchart grammar refuses parentheses in styles: this one must fail in place, never crash or fetch.
  mermaidCase("mermaid-flowchart-style-url", "flowchart style, classDef and linkStyle with url(//host)", HOSTILE_MERMAID.flowchartStyleUrl, FETCHES),
  mermaidCase("mermaid-state-classdef-url", "state diagram classDef and style with url()", HOSTILE_MERMAID.stateClassDefUrl, FETCHES),
  mermaidCase("mermaid-block-style-url", "block diagram style and classDef with url()", HOSTILE_MERMAID.blockStyleUrl, FETCHES),
  mermaidCase("mermaid-treemap-classdef-url", "treemap classDef with url()", HOSTILE_MERMAID.treemapClassDefUrl, FETCHES),
  mermaidCase("mermaid-unclosed-url", "state styles with an unclosed url( and an unclosed quoted url(' (CSS accepts both at the end of a declaration)", HOSTILE_MERMAID.unclosedUrl, FETCHES),
  mermaidCase("mermaid-init-theme-css", "%%{init}%% themeCSS with @import and url(), themeVariables and fontFamily with url()", HOSTILE_MERMAID.initThemeCss),
  mermaidCase("mermaid-front-matter-config", "front-matter config with themeCSS, a url() variable and securityLevel loose", HOSTILE_MERMAID.frontMatterConfig),
  mermaidCase("mermaid-html-labels", "HTML and Markdown labels carrying images, with an init that asks for loose security", HOSTILE_MERMAID.htmlLabels),
  mermaidCase("mermaid-click-handlers", "click directives with javascript:, call and an off-site href", HOSTILE_MERMAID.clickHandlers),
  mermaidCase("mermaid-kanban-ticket-link", "kanban ticketBaseUrl set to javascript: by init, and markup in assigned", HOSTILE_MERMAID.kanbanTicketLink),
  mermaidCase("mermaid-sequence-markup", "sequence diagram actors, messages and notes with markup, and actor links", HOSTILE_MERMAID.sequenceNotes),
  mermaidCase("mermaid-too-many-edges", "700 edges, past the edge cap", HOSTILE_MERMAID.tooManyEdges),
];
