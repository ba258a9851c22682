/**
 * The hostile corpus, class by class (see ../hostile-case.ts for the
 * vocabulary, and SECURITY.md for the promises each class checks).
 */
import type { HostileCase } from "../hostile-case";
import { reply } from "../hostile-case";
import { ARTIFACT_NETWORK_CASES } from "./artifact-network";
import { ENVELOPE_RESPONDER_CASES, FORGED_ENVELOPE_CASES } from "./forged-envelopes";
import { HOST_ACTION_CASES } from "./host-actions";
import { MARKDOWN_CASES } from "./markdown";
import { MERMAID_CASES } from "./mermaid";
import { OCTO_UI_DIALECT_CASES } from "./octo-ui-dialect";
import { PLAIN_TEXT_CASES } from "./plain-text";
import { RENDER_UI_CASES } from "./render-ui";
import { SIZE_CASES } from "./size";
import { STREAMING_CASES } from "./streaming";
import { UI_DIALECT_CASES } from "./ui-dialect";

/** Every case of the corpus the spec plays, in its order. */
export const HOSTILE_CASES: readonly HostileCase[] = [
  ...MARKDOWN_CASES,
  ...UI_DIALECT_CASES,
  ...OCTO_UI_DIALECT_CASES,
  ...RENDER_UI_CASES,
  ...MERMAID_CASES,
  ...STREAMING_CASES,
  ...FORGED_ENVELOPE_CASES,
  ...SIZE_CASES,
  ...PLAIN_TEXT_CASES,
  ...HOST_ACTION_CASES,
  ...ARTIFACT_NETWORK_CASES,
];

/** The benign reply after each case: the chat must still answer. */
export const PING_CASE: HostileCase = {
  id: "ping",
  class: "streaming",
  title: "a short benign reply",
  steps: reply("pong: ", "the chat still answers."),
  expect: { replyShows: ["pong: the chat still answers."] },
};

/** Cases the model server answers but the spec never plays by name: the replies to turns a click sends, and the ping. */
export const RESPONDER_CASES: readonly HostileCase[] = [PING_CASE, ...ENVELOPE_RESPONDER_CASES];
