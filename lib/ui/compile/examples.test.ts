/**
 * The hand-written replies in `fixtures/ui-examples/`: each compiles without
 * a diagnostic, compiles at every character prefix without throwing and
 * without a node id changing its type (or a complete node changing at all),
 * and gives the same final result fed in chunks or one character at a time
 * through `UiCompiler` and `UiStream`. Together they use every component.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { UI_COMPONENT_NAMES } from "../catalog/catalog";
import { UiBlocksSchema, type UiBlock, type UiNode } from "../envelope/schema";
import { UiStream } from "../stream/stream";
import { compileUi } from "./compile-ui";
import { UiCompiler } from "./compiler";

const EXAMPLES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../fixtures/ui-examples");
const files = readdirSync(EXAMPLES).filter((name) => name.endsWith(".md")).sort();

const options = {
  id: "reply",
  latestAttachment: "att_latest",
  // A clock that never moves: a cold engine compiling every prefix on a busy machine must not trip the time budget; the budget is tested elsewhere.
  now: () => 0,
  querySchemas: {
    tests: z.object({ branch: z.string() }),
    jobs: z.object({ state: z.enum(["waiting", "running"]) }),
  },
};

const plain = (blocks: UiBlock[]) => JSON.parse(JSON.stringify(blocks)) as UiBlock[];

function* walk(nodes: readonly UiNode[]): Generator<UiNode> {
  for (const node of nodes) {
    yield node;
    yield* walk(node.children);
  }
}

describe("hand-written examples (fixtures/ui-examples)", () => {
  it("has at least ten, using every component of the catalog", () => {
    expect(files.length).toBeGreaterThanOrEqual(10);
    const used = new Set<string>();
    for (const file of files) {
      const blocks = compileUi(readFileSync(path.join(EXAMPLES, file), "utf8"), { ...options, final: true });
      for (const block of blocks) for (const node of walk(block.nodes)) used.add(node.type);
    }
    expect(UI_COMPONENT_NAMES.filter((name) => !used.has(name))).toEqual([]);
  });

  for (const file of files) {
    describe(file, () => {
      const reply = readFileSync(path.join(EXAMPLES, file), "utf8");
      const whole = compileUi(reply, { ...options, final: true });

      it("compiles whole, without a diagnostic, to blocks the wire schema accepts", () => {
        expect(whole.length).toBeGreaterThan(0);
        expect(whole.flatMap((block) => block.diagnostics)).toEqual([]);
        expect(whole.every((block) => block.complete)).toBe(true);
        expect(UiBlocksSchema.parse(plain(whole))).toEqual(plain(whole));
      });

      it("compiles at every character prefix; a node id never changes its type, and a complete node never changes", () => {
        const seen = new Map<string, { type: string; complete: string | null }>();
        for (let end = 0; end <= reply.length; end++) {
          const blocks = compileUi(reply.slice(0, end), options);
          for (const block of blocks)
            for (const node of walk(block.nodes)) {
              const earlier = seen.get(node.id);
              const complete = node.complete ? JSON.stringify(node) : null;
              if (earlier) {
                expect(node.type, `${node.id} at ${end}`).toBe(earlier.type);
                if (earlier.complete !== null) expect(complete, `${node.id} at ${end}`).toBe(earlier.complete);
              }
              seen.set(node.id, { type: node.type, complete: complete ?? earlier?.complete ?? null });
            }
        }
      });

      it("gives the same blocks fed in chunks or one character at a time through UiCompiler", () => {
        for (const size of [1, 7, 50, 301]) {
          const compiler = new UiCompiler(options);
          for (let end = size; end < reply.length; end += size) {
            const prefix = reply.slice(0, end);
            const blocks = compiler.compile(prefix, { latestAttachment: options.latestAttachment });
            if (size === 50) expect(plain(blocks)).toEqual(plain(compileUi(prefix, options)));
          }
          expect(plain(compiler.compile(reply, { latestAttachment: options.latestAttachment }))).toEqual(plain(compileUi(reply, options)));
          expect(plain(compiler.compile(reply, { final: true, latestAttachment: options.latestAttachment }))).toEqual(plain(whole));
        }
      });

      it("gives the same final blocks streamed through UiStream", () => {
        let time = 0;
        const scheduled: { timer: { at: number; callback: () => void } | null } = { timer: null };
        const previews: number[] = [];
        const stream = new UiStream({
          ...options,
          clock: {
            now: () => time,
            setTimeout: (callback, milliseconds) => (scheduled.timer = { at: time + milliseconds, callback }),
            clearTimeout: () => (scheduled.timer = null),
          },
          emit: (preview) => previews.push(preview.textLength),
        });
        for (let end = 1; end <= reply.length; end += 3) {
          time += 20;
          const due = scheduled.timer;
          if (due && due.at <= time) {
            scheduled.timer = null;
            due.callback();
          }
          stream.update(reply.slice(0, end));
        }
        expect(previews.length).toBeGreaterThan(1);
        expect(plain(stream.finish(reply, options.latestAttachment))).toEqual(plain(whole));
      });
    });
  }
});
