/**
 * When a chunk drawn as plain text at first gets formatted: as soon as it
 * comes within a screen of the visible part of the thread (the reader is
 * scrolling towards it), or else when the browser has nothing better to do,
 * one chunk per idle period in the order they were scheduled, so the page
 * answers input all the while.
 */
import { startTransition } from "react";

/** How far beyond the visible part of the scrolling container a chunk is formatted ahead (a share of its height). */
const FORMAT_AHEAD_MARGIN = "100% 0px";

/** Milliseconds to wait for an idle period where the browser has no `requestIdleCallback`. */
const IDLE_FALLBACK_DELAY_MS = 50;

/** Idle time (ms) a period must still have to format a chunk in it. */
const IDLE_MIN_REMAINING_MS = 4;

const idleQueue = new Set<() => void>();
let idlePumpScheduled = false;

function scheduleIdlePump(): void {
  if (idlePumpScheduled) return;
  idlePumpScheduled = true;
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(pumpIdleQueue);
  else setTimeout(() => pumpIdleQueue(null), IDLE_FALLBACK_DELAY_MS);
}

function pumpIdleQueue(deadline: IdleDeadline | null): void {
  idlePumpScheduled = false;
  const [task] = idleQueue;
  if (task !== undefined && (deadline === null || deadline.didTimeout || deadline.timeRemaining() >= IDLE_MIN_REMAINING_MS)) {
    idleQueue.delete(task);
    // A transition: React may set the chunk's render aside for input that arrives meanwhile.
    startTransition(task);
  }
  if (idleQueue.size > 0) scheduleIdlePump();
}

/** The nearest ancestor that scrolls vertically, or `null` for the page itself. */
function scrollingAncestor(element: HTMLElement): HTMLElement | null {
  for (let parent = element.parentElement; parent !== null; parent = parent.parentElement) {
    const overflow = getComputedStyle(parent).overflowY;
    if (overflow === "auto" || overflow === "scroll") return parent;
  }
  return null;
}

/** Calls `format` once, when `element` nears the screen or the browser is idle; returns the way to cancel. */
export function formatLater(element: HTMLElement, format: () => void): () => void {
  let done = false;
  let observer: IntersectionObserver | null = null;
  const cancel = () => {
    done = true;
    idleQueue.delete(run);
    observer?.disconnect();
  };
  const run = () => {
    if (done) return;
    cancel();
    format();
  };
  if (typeof IntersectionObserver === "function") {
    const onIntersection = (entries: IntersectionObserverEntry[]) => {
      if (entries.some((entry) => entry.isIntersecting)) run();
    };
    observer = new IntersectionObserver(onIntersection, { root: scrollingAncestor(element), rootMargin: FORMAT_AHEAD_MARGIN });
    observer.observe(element);
  }
  idleQueue.add(run);
  scheduleIdlePump();
  return cancel;
}
