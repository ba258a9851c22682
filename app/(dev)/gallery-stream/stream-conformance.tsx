"use client";
/**
 * The streaming conformance run: one reply at a time, fed into the chat's
 * own reply view (`AssistantReply` given the live reply, through a `UiCompiler` kept across
 * steps as the server's `UiStream` keeps one) at every cut, each step drawn
 * synchronously and checked (stream-checks.ts); then compared with the
 * same view of the stored reply. The browser spec calls
 * `window.__streamConformance.run(id)`; a person can press Run.
 */
import { Component, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { genuiFenceRecords } from "@/lib/chat/final/final-reply";
import type { AssistantMessage, LiveReply } from "@/lib/chat/wire";
import { UiCompiler } from "@/lib/ui/compile/compiler";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import { placePanels } from "../../_components/chat/panels/place-panels";
import { usePanelStates } from "../../_components/chat/panels/use-panel-states";
import { AssistantReply } from "../../_components/chat/thread/assistant-message";
import { ThreadContext, type ThreadContextValue } from "../../_components/chat/thread/thread-context";
import { GALLERY_LATEST_ATTACHMENT, GALLERY_QUERY_SCHEMAS } from "../gallery/gallery-queries";
import { comparableMarkup, describeElement, enabledEarly, panelElements, problemMarks, type StreamViolation } from "./stream-checks";

/** One reply the run can stream. */
export type StreamedReply = { id: string; title: string; dialect: "ui" | "octo-ui"; text: string };

/** What one run found. */
export type StreamReport = { id: string; steps: number; textLength: number; violations: StreamViolation[]; elapsedMs: number };

/** Replies up to this long are cut at every character; a longer one at `LONG_REPLY_CUTS` places and around every fence line. */
const EVERY_CHARACTER_UP_TO = 1_500;
const LONG_REPLY_CUTS = 600;
/** Violations kept per run: the first ones say what is wrong. */
const VIOLATIONS_KEPT = 25;

const MESSAGE_ID = "stream-conformance";
const COMPILER_OPTIONS = { id: MESSAGE_ID, querySchemas: GALLERY_QUERY_SCHEMAS };
const COMPILE_OPTIONS = { ...COMPILER_OPTIONS, latestAttachment: GALLERY_LATEST_ATTACHMENT };

/** Where `text` is cut: every character, or for a long text evenly spaced places plus every place near a fence line. */
export function cutPoints(text: string): number[] {
  if (text.length <= EVERY_CHARACTER_UP_TO) return Array.from({ length: text.length }, (_, index) => index + 1);
  const cuts = new Set<number>();
  for (let index = 1; index <= LONG_REPLY_CUTS; index += 1) cuts.add(Math.round((index * text.length) / LONG_REPLY_CUTS));
  for (let at = text.indexOf("```"); at !== -1; at = text.indexOf("```", at + 3)) {
    for (let offset = -2; offset <= 12; offset += 1) if (at + offset > 0 && at + offset <= text.length) cuts.add(at + offset);
  }
  return [...cuts].sort((a, b) => a - b);
}

/** The reply as the store keeps it once finished. */
function storedMessage(text: string): AssistantMessage {
  return {
    id: MESSAGE_ID,
    chatId: "gallery",
    sequence: 2,
    role: "assistant",
    text,
    ui: compileUi(text, { ...COMPILE_OPTIONS, final: true }),
    genui: genuiFenceRecords(text),
    receipt: [],
    status: "complete",
    silent: false,
    model: "replay:default",
    createdAt: "2026-12-01T00:00:00.000Z",
  };
}

/** Records what a drawn reply throws, and draws nothing in its place. */
class CatchThrown extends Component<{ onThrown: (message: string) => void; children: ReactNode }, { thrown: boolean }> {
  override state = { thrown: false };
  static getDerivedStateFromError() {
    return { thrown: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onThrown(error instanceof Error ? error.message : String(error));
  }
  override render() {
    return this.state.thrown ? <p data-thrown="">The reply threw.</p> : this.props.children;
  }
}

type Frame = { kind: "live"; live: LiveReply; run: number } | { kind: "stored"; message: AssistantMessage; run: number };

/** Pauses for the browser (a task, not a microtask): what React scheduled after a step runs before the next one. */
function pause(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

declare global {
  interface Window {
    /** The browser spec's handle on the run. */
    __streamConformance?: { ids: string[]; run: (id: string) => Promise<StreamReport> };
  }
}

/** The run's page part: a picker, a Run button, the report and the stage the reply is drawn on. */
export function StreamConformance({ replies }: { replies: readonly StreamedReply[] }) {
  const [selected, setSelected] = useState(replies[0]?.id ?? "");
  const [frame, setFrame] = useState<Frame | null>(null);
  const [report, setReport] = useState<StreamReport | null>(null);
  const [running, setRunning] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  const thrown = useRef<string[]>([]);
  const runs = useRef(0);

  const panelStates = usePanelStates([], useCallback(async () => {}, []));
  const context = useMemo<ThreadContextValue>(
    () => ({ placement: placePanels([], []), panelStates, updatingPanelId: null, interruptedUpdates: new Map(), sentKeys: new Set(), sendAction: undefined, choose: undefined }),
    [panelStates],
  );

  const run = useCallback(
    async (id: string): Promise<StreamReport> => {
      const reply = replies.find((candidate) => candidate.id === id);
      if (reply === undefined) throw new Error(`no reply ${id}`);
      const started = performance.now();
      const violations: StreamViolation[] = [];
      const note = (violation: StreamViolation) => {
        if (violations.length < VIOLATIONS_KEPT) violations.push(violation);
      };
      const partsOf = () => stage.current?.querySelector("article") ?? null;
      runs.current += 1;
      const run = runs.current;

      // The stored reply first: what the finished reply shows is what the stream may show.
      thrown.current = [];
      flushSync(() => setFrame({ kind: "stored", message: storedMessage(reply.text), run }));
      const stored = partsOf();
      const allowedMarks = new Set(stored === null ? [] : problemMarks(stored));
      const storedMarkup = stored === null ? "" : comparableMarkup(stored.querySelector("[data-reply-parts]") ?? stored);
      for (const message of thrown.current) note({ step: 0, textLength: reply.text.length, rule: "thrown", detail: `the stored reply: ${message}` });
      flushSync(() => setFrame(null));

      const compiler = new UiCompiler(COMPILER_OPTIONS);
      const cuts = cutPoints(reply.text);
      let previous = new Set<Element>();
      let lastMarkup = "";
      for (const [index, cut] of cuts.entries()) {
        const step = index + 1;
        const text = reply.text.slice(0, cut);
        thrown.current = [];
        const live: LiveReply = { messageId: MESSAGE_ID, replyTo: "prompt", model: "replay:default", startedAt: "2026-12-01T00:00:00.000Z", text, ui: compiler.compile(text, { latestAttachment: GALLERY_LATEST_ATTACHMENT }), textLength: text.length, tools: [] };
        try {
          flushSync(() => setFrame({ kind: "live", live, run }));
        } catch (caught) {
          // React itself refused the update (an update loop): as much a failure as a throw, and the run goes on.
          note({ step, textLength: cut, rule: "thrown", detail: caught instanceof Error ? caught.message.slice(0, 200) : String(caught) });
          await pause();
          continue;
        }
        const root = partsOf();
        for (const message of thrown.current) note({ step, textLength: cut, rule: "thrown", detail: message });
        if (root === null) continue;
        for (const mark of problemMarks(root)) if (!allowedMarks.has(mark)) note({ step, textLength: cut, rule: "error-card", detail: mark });
        for (const element of previous) if (!element.isConnected) note({ step, textLength: cut, rule: "remounted", detail: describeElement(element) });
        for (const control of enabledEarly(root)) note({ step, textLength: cut, rule: "enabled-early", detail: describeElement(control) });
        previous = panelElements(root);
        if (cut === reply.text.length) lastMarkup = comparableMarkup(root.querySelector("[data-reply-parts]") ?? root);
        await pause();
      }
      if (lastMarkup !== storedMarkup) note({ step: cuts.length, textLength: reply.text.length, rule: "final-differs", detail: firstDifference(lastMarkup, storedMarkup) });
      flushSync(() => setFrame(null));
      const result = { id, steps: cuts.length, textLength: reply.text.length, violations, elapsedMs: Math.round(performance.now() - started) };
      setReport(result);
      return result;
    },
    [replies],
  );

  useEffect(() => {
    window.__streamConformance = { ids: replies.map((reply) => reply.id), run };
    return () => {
      delete window.__streamConformance;
    };
  }, [replies, run]);

  const runSelected = async () => {
    setRunning(true);
    try {
      await run(selected);
    } finally {
      setRunning(false);
    }
  };

  return (
    <>
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          void runSelected();
        }}
      >
        <label htmlFor="stream-reply">Reply</label>
        <select id="stream-reply" value={selected} onChange={(event) => setSelected(event.target.value)}>
          {replies.map((reply) => (
            <option key={reply.id} value={reply.id}>
              {`${reply.dialect === "ui" ? "ui" : "octo-ui"} · ${reply.title}`}
            </option>
          ))}
        </select>
        <button type="submit" className="button" disabled={running}>
          {running ? "Running…" : "Run"}
        </button>
      </form>
      <div role="status" aria-live="polite" data-report={report?.id}>
        {report === null ? null : report.violations.length === 0 ? (
          <p>{`${report.id}: ${report.steps} steps over ${report.textLength} characters, no violation (${report.elapsedMs} ms).`}</p>
        ) : (
          <>
            <p>{`${report.id}: ${report.violations.length}${report.violations.length === VIOLATIONS_KEPT ? "+" : ""} violations in ${report.steps} steps.`}</p>
            <ul>
              {report.violations.map((violation, index) => (
                <li key={index}>{`step ${violation.step} (${violation.textLength} chars) ${violation.rule}: ${violation.detail}`}</li>
              ))}
            </ul>
          </>
        )}
      </div>
      <div ref={stage} aria-label="Stage">
        <ThreadContext.Provider value={context}>
          {frame === null ? null : (
            <CatchThrown key={`${frame.kind}-${frame.run}`} onThrown={(message) => thrown.current.push(message)}>
              {frame.kind === "live" ? <AssistantReply live={frame.live} /> : <AssistantReply message={frame.message} />}
            </CatchThrown>
          )}
        </ThreadContext.Provider>
      </div>
    </>
  );
}

/** Where two markups first differ, with a little of each around it. */
function firstDifference(streamed: string, stored: string): string {
  let at = 0;
  while (at < streamed.length && at < stored.length && streamed[at] === stored[at]) at += 1;
  return `at ${at}: streamed …${streamed.slice(Math.max(0, at - 60), at + 80)}… stored …${stored.slice(Math.max(0, at - 60), at + 80)}…`;
}
