/**
 * The prompts every replay persona answers with a recording of its own, so a
 * comparison run on them shows the same question answered in five different
 * characters. Each persona's `recordings/<id>/` answers the prompt with that id.
 */

/** One comparison prompt: the recording id each persona answers it with, and the prompt as a person types it. */
export type ReplayComparisonPrompt = { id: string; prompt: string };

/** The prompts every persona answers in character (presets for the comparison playground). */
export const REPLAY_COMPARISON_PROMPTS: readonly ReplayComparisonPrompt[] = [
  { id: "build-status", prompt: "Show the build status" },
  { id: "database-comparison", prompt: "Compare PGlite and Postgres for this app" },
  { id: "deploy-window", prompt: "Plan a deploy window for Friday" },
  { id: "weekly-sales", prompt: "Summarise this week's sales" },
  { id: "request-flow", prompt: "Show me the request flow" },
];
