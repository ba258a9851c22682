/**
 * Property tests over replies built from the hand-written examples: random
 * concatenations of their UI blocks and prose, cut at random places, with
 * random damage. Compiling never throws, and compiling incrementally through
 * `UiCompiler` at random cut points gives what compiling each text from
 * scratch gives.
 */
import fc from "fast-check";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { UiBlocksSchema, type UiBlock } from "../envelope/schema";
import { scanUiFences } from "../syntax/fences";
import { compileUi } from "./compile-ui";
import { UiCompiler } from "./compiler";

const EXAMPLES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../fixtures/ui-examples");
const replies = readdirSync(EXAMPLES)
  .filter((name) => name.endsWith(".md"))
  .map((name) => readFileSync(path.join(EXAMPLES, name), "utf8"));
/** Every UI fence of the examples, whole (opening line to closing line). */
const fences = replies.flatMap((reply) => scanUiFences(reply, { final: true }).map((fence) => reply.slice(fence.range.start, fence.range.end)));
const prose = ["Here you go:\n\n", "\nThat is all.\n", "Some `code` and *emphasis*.\n\n", "````md\n```ui\n<Tag>shown only</Tag>\n```\n````\n"];

const options = {
  id: "p",
  // A clock that never moves: incremental and whole compiles are compared, and a busy machine must not trip a time budget in one of them.
  now: () => 0,
  querySchemas: { tests: z.object({ branch: z.string() }), jobs: z.object({ state: z.string() }) },
};

const plain = (blocks: UiBlock[]) => JSON.parse(JSON.stringify(blocks)) as UiBlock[];

/** A reply: fences and prose in any order. */
const replyArbitrary = fc
  .array(fc.oneof(fc.constantFrom(...fences).map((fence) => `${fence}\n`), fc.constantFrom(...prose)), { minLength: 1, maxLength: 6 })
  .map((parts) => parts.join(""));

/** Damage: a few characters deleted, duplicated or replaced by syntax. */
const damaged = fc
  .tuple(replyArbitrary, fc.array(fc.tuple(fc.nat(), fc.constantFrom("", "<", "</", "{", "}", '"', "$", "\n", "```\n", "/>", "=")), { maxLength: 5 }))
  .map(([reply, edits]) => {
    let text = reply;
    for (const [at, insert] of edits) {
      const position = at % (text.length + 1);
      text = text.slice(0, position) + insert + text.slice(position + (insert === "" ? 1 : 0));
    }
    return text;
  });

describe("compiling replies built from the examples", () => {
  it("never throws on any prefix of any concatenation, damaged or not, and always fits the wire schema", () => {
    fc.assert(
      fc.property(fc.oneof(replyArbitrary, damaged), fc.nat(), fc.boolean(), (reply, cut, final) => {
        const text = reply.slice(0, cut % (reply.length + 1));
        const blocks = compileUi(text, { ...options, final });
        expect(UiBlocksSchema.safeParse(plain(blocks)).success).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("compiles incrementally at random cut points to what each text compiles to from scratch", () => {
    fc.assert(
      fc.property(fc.oneof(replyArbitrary, damaged), fc.array(fc.nat(), { minLength: 1, maxLength: 20 }), (reply, cuts) => {
        const compiler = new UiCompiler(options);
        for (const cut of cuts.map((value) => value % (reply.length + 1)).sort((left, right) => left - right)) {
          const prefix = reply.slice(0, cut);
          expect(plain(compiler.compile(prefix))).toEqual(plain(compileUi(prefix, options)));
        }
        expect(plain(compiler.compile(reply))).toEqual(plain(compileUi(reply, options)));
        expect(plain(compiler.compile(reply, { final: true }))).toEqual(plain(compileUi(reply, { ...options, final: true })));
      }),
      { numRuns: 150 },
    );
  });
});
