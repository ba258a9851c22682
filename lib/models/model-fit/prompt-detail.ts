/** The two system prompts a chat can send (`promptDetail`): `full` for most models, `compact` for a small context window. */
export const PROMPT_DETAILS = ["full", "compact"] as const;

/** Which system prompt. */
export type PromptDetail = (typeof PROMPT_DETAILS)[number];
