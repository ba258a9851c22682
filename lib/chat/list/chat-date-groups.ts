/**
 * The chat list's date groups: Today, Yesterday, Previous 7 days, Previous 30
 * days, then one group per month ("November", or "November 2025" for another
 * year), by calendar days in the person's time zone. Computed in the browser
 * only (the server does not know the zone), after the first render, so the
 * server's HTML and the browser's first render agree.
 */

/** A run of chats under one heading, in the list's order. */
export type ChatDateGroup<Item> = { label: string; items: Item[] };

const DAY_MS = 24 * 60 * 60 * 1_000;

/** Days since the epoch of the calendar day `date` falls on in `timeZone`. */
function calendarDay(date: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric" }).formatToParts(date);
  const part = (type: string) => Number(parts.find((candidate) => candidate.type === type)?.value);
  return Math.round(Date.UTC(part("year"), part("month") - 1, part("day")) / DAY_MS);
}

/** The heading of a chat last active at `date`, seen at `now` in `timeZone`. */
export function chatDateLabel(input: { date: Date; now: Date; timeZone: string; locale?: string }): string {
  const days = calendarDay(input.now, input.timeZone) - calendarDay(input.date, input.timeZone);
  if (days <= 0) return "Today";
  if (days === 1) return "Yesterday";
  if (days <= 7) return "Previous 7 days";
  if (days <= 30) return "Previous 30 days";
  const sameYear = new Intl.DateTimeFormat("en-US", { timeZone: input.timeZone, year: "numeric" });
  const withYear = sameYear.format(input.date) !== sameYear.format(input.now);
  return new Intl.DateTimeFormat(input.locale, { timeZone: input.timeZone, month: "long", ...(withYear ? { year: "numeric" } : {}) }).format(input.date);
}

/** The items (newest first, as the list has them) in runs under their headings. */
export function groupChatsByDate<Item extends { updatedAt: string }>(input: { items: readonly Item[]; now: Date; timeZone: string; locale?: string }): ChatDateGroup<Item>[] {
  const groups: ChatDateGroup<Item>[] = [];
  for (const item of input.items) {
    const label = chatDateLabel({ date: new Date(item.updatedAt), now: input.now, timeZone: input.timeZone, ...(input.locale ? { locale: input.locale } : {}) });
    const last = groups.at(-1);
    if (last?.label === label) last.items.push(item);
    else groups.push({ label, items: [item] });
  }
  return groups;
}
