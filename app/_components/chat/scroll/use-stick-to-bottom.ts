"use client";
/**
 * Auto-scroll that never fights the reader. While the reader is at the
 * bottom of the thread, new content (a streaming reply, a panel growing)
 * keeps them there; the moment they scroll up, they stay where they are and
 * a "jump to latest" button appears instead. Scrolling back down to the
 * bottom, or the button, follows again.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";

/** Pixels from the bottom that still count as "at the bottom": a reader a hair above it wants to follow. */
export const AT_BOTTOM_TOLERANCE_PX = 24;

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
  const lastScrollTop = useRef(0);

  const setFollow = useCallback((next: boolean) => {
    followingRef.current = next;
    setFollowing(next);
  }, []);

  const scrollToBottom = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    element.scrollTop = element.scrollHeight;
    lastScrollTop.current = element.scrollTop;
  }, [scroller]);

  useEffect(() => {
    const element = scroller.current;
    const inner = content.current;
    if (!element || !inner) return;
    scrollToBottom();
    const onScroll = () => {
      const movedUp = element.scrollTop < lastScrollTop.current - 1;
      lastScrollTop.current = element.scrollTop;
      const atBottom = distanceToBottom(element) <= AT_BOTTOM_TOLERANCE_PX;
      // Any move up is the reader taking over, even one that stays near the bottom.
      if (movedUp && distanceToBottom(element) > 1) setFollow(false);
      else if (atBottom) setFollow(true);
    };
    const observer = new ResizeObserver(() => {
      if (followingRef.current) scrollToBottom();
    });
    observer.observe(inner);
    element.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener("scroll", onScroll);
    };
  }, [scroller, content, scrollToBottom, setFollow]);

  const jumpToLatest = useCallback(() => {
    setFollow(true);
    scrollToBottom();
  }, [scrollToBottom, setFollow]);

  return { following, jumpToLatest };
}
