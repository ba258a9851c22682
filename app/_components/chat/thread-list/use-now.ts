"use client";
/**
 * The browser's clock for the list's date headings, in minutes: null during
 * the server render and the first browser render (so both produce the same
 * HTML), then the time, renewed each `NOW_REFRESH_MS` so "Today" becomes
 * "Yesterday" past midnight without a reload.
 */
import { useEffect, useState } from "react";

/** Milliseconds between clock readings: headings change at most once a day, a minute late is unnoticeable. */
export const NOW_REFRESH_MS = 60_000;

/** The current time once mounted (see the file comment). */
export function useNow(): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), NOW_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
