"use client";
/**
 * Auto-scroll that never fights the reader. While the reader is at the
 * bottom of the thread, new content (a streaming reply, a panel growing)
 * keeps them there; the moment they scroll up — wheel, touch, keys, or the
 * scroll bar — they stay where they are and a "jump to latest" button
 * appears instead. Scrolling back down to the bottom, or the button, follows
 * again. Only the reader's own input unfollows: the browser moves the scroll
 * position by itself too (content above shrinking, scroll anchoring), and
 * that must never count as the reader leaving.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";

/** Pixels from the bottom that still count as "at the bottom": a reader a hair above it wants to follow. */
export const AT_BOTTOM_TOLERANCE_PX = 24;

/** Keys that scroll a focused thread upwards. */
const UPWARD_KEYS = new Set(["ArrowUp", "PageUp", "Home"]);

/** What the message list needs to follow new content. */
export type StickToBottom = {
  /** True while new content is followed. */
  following: boolean;
  /** Scrolls to the newest content and follows it again. */
  jumpToLatest: () => void;
};

function distanceToBottom(element: HTMLElement): number {
  return element.scrollHeight - element.scrollTop - element.clientHeight;
}

/** Follows the bottom of `scroller` while the reader is there, as `content` grows. */
export function useStickToBottom(scroller: RefObject<HTMLElement | null>, content: RefObject<HTMLElement | null>): StickToBottom {
  const [following, setFollowing] = useState(true);
  const followingRef = useRef(true);

  const setFollow = useCallback((next: boolean) => {
    followingRef.current = next;
    setFollowing(next);
  }, []);

  const scrollToBottom = useCallback(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [scroller]);

  useEffect(() => {
    const element = scroller.current;
    const inner = content.current;
    if (!element || !inner) return;
    scrollToBottom();
    // Set while the reader's own input is moving the thread (a drag of the scroll bar, a touch).
    let readerScrolling = false;
    let lastScrollTop = element.scrollTop;
    // Input that is about to scroll up (wheel, keys) comes before the scroll itself: leave if there is anywhere to go.
    const leaveIfScrollable = () => {
      if (element.scrollTop > 0) setFollow(false);
    };
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY < 0) leaveIfScrollable();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (UPWARD_KEYS.has(event.key) || (event.key === " " && event.shiftKey)) leaveIfScrollable();
    };
    const onPointerDown = (event: PointerEvent) => {
      // A press on the scroller itself, not on its content, is a press on its scroll bar.
      if (event.target === element) readerScrolling = true;
    };
    const onTouchStart = () => {
      readerScrolling = true;
    };
    const onRelease = () => {
      readerScrolling = false;
    };
    const onScroll = () => {
      const movedUp = element.scrollTop < lastScrollTop - 1;
      lastScrollTop = element.scrollTop;
      if (readerScrolling && movedUp) setFollow(false);
      else if (distanceToBottom(element) <= AT_BOTTOM_TOLERANCE_PX && !followingRef.current) setFollow(true);
    };
    const observer = new ResizeObserver(() => {
      if (followingRef.current) scrollToBottom();
    });
    observer.observe(inner);
    element.addEventListener("scroll", onScroll, { passive: true });
    element.addEventListener("wheel", onWheel, { passive: true });
    element.addEventListener("keydown", onKeyDown);
    element.addEventListener("pointerdown", onPointerDown);
    element.addEventListener("touchstart", onTouchStart, { passive: true });
    window.addEventListener("pointerup", onRelease);
    window.addEventListener("touchend", onRelease);
    return () => {
      observer.disconnect();
      element.removeEventListener("scroll", onScroll);
      element.removeEventListener("wheel", onWheel);
      element.removeEventListener("keydown", onKeyDown);
      element.removeEventListener("pointerdown", onPointerDown);
      element.removeEventListener("touchstart", onTouchStart);
      window.removeEventListener("pointerup", onRelease);
      window.removeEventListener("touchend", onRelease);
    };
  }, [scroller, content, scrollToBottom, setFollow]);

  const jumpToLatest = useCallback(() => {
    setFollow(true);
    scrollToBottom();
  }, [scrollToBottom, setFollow]);

  return { following, jumpToLatest };
}
