/**
 * The on-disk format of a recorded reply. One folder per recording under
 * `fixtures/replays/<id>/`: a `recording.json` (this schema) beside the
 * Markdown and JSON files it names. The folder name is the recording's id.
 */
import { z } from "zod";

/** A recording id: the folder name, kebab-case so it reads well in test names and `/replay <id>`. */
export const RecordingIdSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "a recording id is kebab-case: lower-case letters, digits and dashes");

/** What user turn a recording answers. Any keyword or pattern matching selects it; `action` matches an `[octo-ui-action]` envelope instead. */
export const RecordingMatchSchema = z
  .object({
    /** Case-insensitive phrases; one occurring in the prompt (at word boundaries) is a match. */
    keywords: z.array(z.string().min(1)).default([]),
    /** Case-insensitive regular expressions tried against the prompt. */
    patterns: z
      .array(
        z.string().refine((source) => {
          try {
            new RegExp(source, "iu");
            return true;
          } catch {
            return false;
          }
        }, "not a valid regular expression"),
      )
      .default([]),
    /** An action envelope this recording answers: the panel id and action name (and, optionally, field values it requires). */
    action: z
      .object({
        panel: z.string().min(1).optional(),
        action: z.string().min(1),
        fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

/** One tool call a step makes; `input` names a JSON file in the recording's folder. */
export const RecordingToolCallSchema = z
  .object({
    toolName: z.string().min(1),
    input: z.string().min(1),
    /**
     * Fields of the input read verbatim from files in the folder, e.g.
     * `{"content": "report.md"}`: a document or a page is kept as itself,
     * not as one long escaped JSON string.
     */
    inputFiles: z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/, "an input field name"), z.string().min(1)).optional(),
  })
  .strict();

/**
 * One model call of a recording. A plain reply has one step; a reply that
 * calls a tool has a step that ends in the call and a step answering the
 * tool's result (the AI SDK calls the model again after executing it).
 */
export const RecordingStepSchema = z
  .object({
    /**
     * A file in the recording's folder holding the text this step streams:
     * Markdown, or a `.json` file holding one JSON string, for characters a
     * Markdown file cannot carry (NUL, a lone surrogate: `\u0000`, `\ud800`).
     */
    text: z.string().min(1).optional(),
    /** Tool calls streamed after the text; the step then finishes with reason `tool-calls`. */
    toolCalls: z.array(RecordingToolCallSchema).default([]),
  })
  .strict()
  .refine((step) => step.text !== undefined || step.toolCalls.length > 0, "a step has text, tool calls, or both");

/** A deliberate failure the replay model acts out, so the app's handling of it can be shown and tested. */
export const RecordingFaultSchema = z.discriminatedUnion("kind", [
  z
    .object({
      /** Long pauses: a slow first token and a stall every so often. */
      kind: z.literal("slow-reply"),
      firstTokenMs: z.number().int().min(0).default(3_000),
      pauseEveryCharacters: z.number().int().min(1).default(240),
      pauseMs: z.number().int().min(0).default(1_500),
    })
    .strict(),
  z
    .object({
      /** The provider fails after `afterCharacters` characters of text: an `error` part, then `finish` with reason `error`. */
      kind: z.literal("error-mid-stream"),
      afterCharacters: z.number().int().min(0),
      message: z.string().min(1),
    })
    .strict(),
  z
    .object({
      /** The reply stops inside a fence (as at a token limit); finishes with reason `length`. Checked at load. */
      kind: z.literal("truncated-fence"),
    })
    .strict(),
  z
    .object({
      /** The reply's UI blocks are deliberately broken; excluded from the clean-compile check, which instead requires diagnostics. */
      kind: z.literal("malformed-ui"),
    })
    .strict(),
  z
    .object({
      /**
       * Hostile output: the reply compiles cleanly but offers a `Choice` whose
       * label is an `[octo-ui-action]` envelope, trying to forge a silent
       * button press. Its choices lead to no recording on purpose.
       */
      kind: z.literal("forged-action"),
    })
    .strict(),
  z
    .object({
      /** The reply's Markdown nests thousands of levels deep on purpose (quotes, lists, brackets, emphasis): the renderer must show those parts as plain text, and the chat must go on. */
      kind: z.literal("deep-markdown"),
    })
    .strict(),
  z
    .object({
      /** The text is generated at load up to `targetCharacters`: many blocks of both dialects, or (`prose`) Markdown only. */
      kind: z.literal("huge-reply"),
      targetCharacters: z.number().int().min(1_000).max(2_000_000),
      content: z.enum(["blocks", "prose"]).default("blocks"),
    })
    .strict(),
  z
    .object({
      /**
       * The reply holds characters Postgres will not store (NUL, half of a
       * surrogate pair) in its text or its tool inputs, as a broken or hostile
       * model sends them. Checked at load: it must hold one.
       */
      kind: z.literal("unstorable-characters"),
    })
    .strict(),
  z
    .object({
      /**
       * The reply calls tools the app never offered (a model inventing one):
       * such calls are streamed as calls, not written out as text, so the
       * app's refusal of them can be shown and tested. Checked at load: it must call a tool.
       */
      kind: z.literal("unknown-tool"),
    })
    .strict(),
]);

/** Streaming speed of a recording, overriding the model's defaults. */
export const RecordingPaceSchema = z
  .object({
    /** Delay before the first part, as a real model's time to first token. */
    firstTokenMs: z.number().int().min(0).optional(),
    /** Average output speed. */
    charactersPerSecond: z.number().positive().optional(),
  })
  .strict();

/** The contents of `recording.json`. */
export const RecordingFileSchema = z
  .object({
    /** Shown in the default reply's list and in test names. */
    title: z.string().min(1),
    /** What the recording shows, for whoever writes the next one. */
    description: z.string().min(1),
    /** The UI dialects the reply uses (documentation, and which checker runs on it); `artifact` for the artifact tools. */
    dialects: z.array(z.enum(["ui", "octo-ui", "render_ui", "artifact"])).default([]),
    /** A prompt that selects this recording; the default reply offers it, and a test checks that it does select it. */
    examplePrompt: z.string().min(1),
    match: RecordingMatchSchema,
    /** Higher wins when several recordings match; ties go to the one matching more terms, then to the id. */
    priority: z.number().int().default(0),
    /** False hides the recording from the default reply's list (action answers, which nobody types). */
    listed: z.boolean().default(true),
    /** The model calls; omitted means one step streaming `reply.md`. */
    steps: z.array(RecordingStepSchema).min(1).optional(),
    fault: RecordingFaultSchema.optional(),
    pace: RecordingPaceSchema.optional(),
    /**
     * A Markdown file in the folder answering the repair round's request for
     * this reply's broken blocks (lib/models/repair-request.ts): the
     * corrected blocks only, in order. The reply must have a block with an
     * error diagnostic, and the repair must compile without one (a test checks).
     */
    repair: z.string().min(1).optional(),
  })
  .strict();

/** A step after loading: file contents instead of file names. */
export const LoadedRecordingStepSchema = z.object({
  text: z.string(),
  toolCalls: z.array(
    z.object({
      toolName: z.string().min(1),
      /** The JSON-encoded tool input, exactly as the model streams it. */
      input: z.string(),
    }),
  ),
});

/** A recording ready to play. */
export const RecordingSchema = RecordingFileSchema.omit({ steps: true, repair: true }).extend({
  id: z.string().min(1),
  steps: z.array(LoadedRecordingStepSchema).min(1),
  /** The text answering a repair request for this reply's broken blocks (the `repair` file's contents). */
  repair: z.string().min(1).optional(),
});

/** Parsed `recording.json`. */
export type RecordingFile = z.infer<typeof RecordingFileSchema>;
/** What a recording matches. */
export type RecordingMatch = z.infer<typeof RecordingMatchSchema>;
/** A fault marker. */
export type RecordingFault = z.infer<typeof RecordingFaultSchema>;
/** A loaded step. */
export type RecordingStep = z.infer<typeof LoadedRecordingStepSchema>;
/** A recording ready to play. */
export type Recording = z.infer<typeof RecordingSchema>;
