/**
 * The page's side of the isolated diagram frame: one hidden, sandboxed
 * `<iframe>` per page (made on the first diagram, reused after), in which
 * mermaid draws where nothing can be reached (app/diagram-frame). Drawings
 * run one at a time through a queue — mermaid's configuration is global to
 * its document — each with an id its answer must carry, and each with a
 * time limit: a frame that does not load, or stops answering, fails its
 * diagrams with an error and is replaced for the next one.
 *
 * A message counts only when it comes from this frame's window, from an
 * opaque origin, and parses; what it carries is still the model's, and is
 * cleaned before it enters the page (clean-diagram-svg.ts).
 */
import { DIAGRAM_FRAME_PATH } from "@/lib/security/diagram-frame-policy";
import type { ColorScheme } from "../theme/use-color-scheme";
import { DIAGRAM_FRAME_MESSAGES, DiagramFrameMessageSchema, type DiagramDrawRequest, type DiagramFrameMessage, type FrameRefusal } from "./diagram-frame-protocol";

/** How long the frame may take to load mermaid (a few megabytes, once per page) before its diagrams fail: room for a slow connection. */
export const DIAGRAM_FRAME_LOAD_TIMEOUT_MS = 30_000;

/** How long one drawing may take: mermaid's caps keep a real diagram well inside; past it the frame is taken as stuck and replaced. */
export const DIAGRAM_DRAW_TIMEOUT_MS = 20_000;

/** Width the frame lays diagrams out in (some, like gantt, take their container's width); the page scales the SVG to fit. */
const FRAME_WIDTH_PX = 1200;

/** What the frame drew: SVG text and what its guards refused, or why it could not. */
export type FrameDrawing = { svg: string; refused: FrameRefusal[] } | { error: string };

/** What a frame's listeners hear: its messages, or that it broke (navigated away, was replaced). */
type FrameEvent = DiagramFrameMessage | { kind: "broken" };

type FrameHandle = {
  element: HTMLIFrameElement;
  /** Settles when the frame is ready (undefined) or cannot be (the reason). */
  ready: Promise<string | undefined>;
  listeners: Set<(event: FrameEvent) => void>;
  dispose: () => void;
};

type Job = { source: string; scheme: ColorScheme; resolve: (drawing: FrameDrawing) => void };

let frame: FrameHandle | undefined;
const jobs: Job[] = [];
let pumping = false;
let requests = 0;

/** Makes the hidden frame and starts loading it. */
function openFrame(): FrameHandle {
  const element = document.createElement("iframe");
  // Scripts only: without allow-same-origin the frame has an opaque origin (no cookies, no access
  // to this page); no popups, forms, top navigation or downloads.
  element.setAttribute("sandbox", "allow-scripts");
  element.setAttribute("src", DIAGRAM_FRAME_PATH);
  element.setAttribute("title", "Diagram renderer");
  element.setAttribute("aria-hidden", "true");
  element.setAttribute("tabindex", "-1");
  element.setAttribute("referrerpolicy", "no-referrer");
  element.setAttribute("data-diagram-frame", "");
  // Laid out (mermaid measures text in it) but never seen or reached by a pointer.
  element.style.cssText = `position:fixed;left:0;top:0;width:${FRAME_WIDTH_PX}px;height:800px;border:0;visibility:hidden;pointer-events:none;z-index:-1`;

  const listeners = new Set<(event: FrameEvent) => void>();
  const tell = (event: FrameEvent) => {
    for (const listener of Array.from(listeners)) listener(event);
  };
  const onMessage = (event: MessageEvent) => {
    if (event.source !== element.contentWindow || event.origin !== "null") return;
    const parsed = DiagramFrameMessageSchema.safeParse(event.data);
    if (parsed.success) tell(parsed.data);
  };
  window.addEventListener("message", onMessage);
  let loads = 0;
  // The frame's document never navigates; a second load means something made it, and it is not trusted to answer.
  element.addEventListener("load", () => {
    loads += 1;
    if (loads > 1) tell({ kind: "broken" });
  });

  const ready = new Promise<string | undefined>((resolve) => {
    const timer = setTimeout(() => settle("The diagram library did not load in time."), DIAGRAM_FRAME_LOAD_TIMEOUT_MS);
    const listener = (event: FrameEvent) => {
      if (event.kind === DIAGRAM_FRAME_MESSAGES.ready) settle(undefined);
      else if (event.kind === DIAGRAM_FRAME_MESSAGES.unavailable) settle(event.error);
      else if (event.kind === "broken") settle("The diagram renderer stopped.");
    };
    const settle = (failure: string | undefined) => {
      clearTimeout(timer);
      listeners.delete(listener);
      resolve(failure);
    };
    listeners.add(listener);
  });

  document.body.appendChild(element);
  return {
    element,
    ready,
    listeners,
    dispose: () => {
      tell({ kind: "broken" });
      window.removeEventListener("message", onMessage);
      element.remove();
    },
  };
}

/** Drops a frame that failed; the next drawing makes a new one. */
function discard(handle: FrameHandle): void {
  if (frame === handle) frame = undefined;
  handle.dispose();
}

/** Runs one drawing in the frame, within its time limit. */
async function runJob(job: Job): Promise<FrameDrawing> {
  frame ??= openFrame();
  const handle = frame;
  const failure = await handle.ready;
  if (failure !== undefined) {
    discard(handle);
    return { error: failure };
  }
  requests += 1;
  const requestId = `draw-${requests}-${Math.random().toString(36).slice(2, 10)}`;
  return new Promise<FrameDrawing>((resolve) => {
    const finish = (drawing: FrameDrawing) => {
      clearTimeout(timer);
      handle.listeners.delete(listener);
      resolve(drawing);
    };
    const timer = setTimeout(() => {
      finish({ error: "The diagram took too long to draw." });
      discard(handle);
    }, DIAGRAM_DRAW_TIMEOUT_MS);
    const listener = (event: FrameEvent) => {
      if (event.kind === "broken") finish({ error: "The diagram renderer stopped." });
      else if (event.kind === DIAGRAM_FRAME_MESSAGES.drawn && event.requestId === requestId) finish({ svg: event.svg, refused: event.refused });
      else if (event.kind === DIAGRAM_FRAME_MESSAGES.failed && event.requestId === requestId) finish({ error: event.error });
    };
    handle.listeners.add(listener);
    const request: DiagramDrawRequest = { kind: DIAGRAM_FRAME_MESSAGES.draw, requestId, source: job.source, scheme: job.scheme };
    // The frame's origin is opaque, so no origin can be named; the source is the model's text, no secret.
    handle.element.contentWindow?.postMessage(request, "*");
  });
}

/** Works through the queue, one drawing at a time. */
async function pump(): Promise<void> {
  if (pumping) return;
  pumping = true;
  try {
    for (let job = jobs.shift(); job !== undefined; job = jobs.shift()) job.resolve(await runJob(job));
  } finally {
    pumping = false;
  }
}

/** Draws `source` in the isolated frame (call in the browser); resolves with the frame's SVG text or an error, never rejects. */
export function drawInFrame(options: { source: string; scheme: ColorScheme }): Promise<FrameDrawing> {
  return new Promise<FrameDrawing>((resolve) => {
    jobs.push({ source: options.source, scheme: options.scheme, resolve });
    void pump();
  });
}
