/**
 * The reply to a prompt no recording matches: it says what the replay model
 * is and offers every listed recording as a choice, so a newcomer without an
 * API key can click through everything the playground can show.
 */
import type { ReplayLibrary } from "./load-recordings";
import type { UiAction } from "@/lib/genui/action/ui-action";

/** The recording id the session records for a default reply. */
export const DEFAULT_REPLY_ID = "default";

/** Options for {@link defaultReplyText}. */
export type DefaultReplyOptions = {
  library: ReplayLibrary;
  /** Set when the unmatched turn was an action envelope. */
  envelope?: UiAction;
};

/** Builds the default reply's Markdown, with one `ui` block of choices. */
export function defaultReplyText({ library, envelope }: DefaultReplyOptions): string {
  const listed = library.recordings.filter((recording) => recording.listed);
  const opening = envelope
    ? `I have no recorded answer for the \`${envelope.action}\` action${
        envelope.panel ? ` on the \`${envelope.panel}\` panel` : ""
      }, so the panel stays as it is.`
    : "I am the **replay model**: I play back recorded replies instead of calling a real model, so the playground works without an API key. I have no recording for that prompt.";
  const choices = listed.map(
    (recording) => `  <Choice id="${recording.id}" label="${escapeProp(recording.examplePrompt)}"/>`,
  );
  const lines = [
    opening,
    "",
    "Here is what I can show — pick one, or type a prompt like it:",
    "",
    "```ui",
    "<Choices>",
    ...choices,
    "</Choices>",
    "```",
    "",
    ...listed.map((recording) => `- **${recording.title}** — ${recording.description}`),
    "",
    "To talk to a real model, set `OPENAI_API_KEY`, `ANTHROPIC_API_KEY` or `OPENAI_COMPATIBLE_BASE_URL` on the server and pick it in the model menu.",
    "",
  ];
  return lines.join("\n");
}

// The escapes of a quoted static prop in the tag language.
function escapeProp(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
}
