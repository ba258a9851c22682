import "server-only";
import type { ExamplePrompt } from "@/app/_components/chat/conversation/new-chat";
import { defaultReplayLibrary } from "@/lib/models/replay/replay-language-model";

/** How many examples the start page offers: enough to show the range, few enough to read at a glance. */
export const EXAMPLE_PROMPT_COUNT = 6;

/** Recordings shown first, one per kind of thing the playground does (panels of both dialects, a form, a diagram, a tool card, a quiz). */
const FEATURED_RECORDINGS = ["build-status", "sales-dashboard", "standup-form", "request-flow-diagram", "incident-card", "http-status-quiz"];

/**
 * Example prompts for the start page, from the replay model's recordings:
 * the featured ones, then any other listed one that shows a feature (fault
 * recordings, which act out failures, are left to the replay model's own
 * default reply).
 */
export function examplePrompts(): ExamplePrompt[] {
  const candidates = defaultReplayLibrary().recordings.filter((recording) => recording.listed && recording.fault === undefined);
  const rank = (id: string) => {
    const index = FEATURED_RECORDINGS.indexOf(id);
    return index === -1 ? FEATURED_RECORDINGS.length : index;
  };
  return [...candidates]
    .sort((left, right) => rank(left.id) - rank(right.id))
    .slice(0, EXAMPLE_PROMPT_COUNT)
    .map((recording) => ({ title: recording.title, prompt: recording.examplePrompt }));
}
