/**
 * What the chat core will see: panels of both dialects build up while the
 * replay streams, well before the reply ends, and the final compile of the
 * streamed text equals the compile of the recording.
 */
import { streamText } from "ai";
import { describe, expect, it } from "vitest";
import { extractGenuiFences } from "@/lib/genui/fence/extract-genui-fences";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import { UiCompiler } from "@/lib/ui/compile/compiler";
import { loadReplayLibrary } from "./load-recordings";
import { createReplayModel } from "./replay-language-model";
import { instantSleep } from "./replay-sleep";

const library = loadReplayLibrary();

describe("streaming a recording", () => {
  it("a tag-language panel has nodes long before the last piece arrives", async () => {
    const model = createReplayModel({ library, sleep: instantSleep });
    model.session.expect("build-status");
    const compiler = new UiCompiler({ id: "reply" });
    let text = "";
    let pieces = 0;
    let firstPanelAt = -1;
    for await (const delta of streamText({ model, prompt: "Show me the build status" }).textStream) {
      text += delta;
      pieces += 1;
      const blocks = compiler.compile(text);
      if (firstPanelAt === -1 && blocks.some((block) => block.nodes.some((node) => node.type === "Stats"))) {
        firstPanelAt = pieces;
      }
    }
    expect(firstPanelAt).toBeGreaterThan(0);
    expect(firstPanelAt).toBeLessThan(pieces * 0.75);
    expect(compiler.compile(text, { final: true })).toEqual(compileUi(text, { id: "reply", final: true }));
    model.session.assertConsumed();
  });

  it("an octo-ui panel shows its first items before its fence closes", async () => {
    const model = createReplayModel({ library, sleep: instantSleep });
    model.session.expect("sales-dashboard");
    let text = "";
    let itemsSeenWhileOpen = 0;
    for await (const delta of streamText({ model, prompt: "Show me the sales dashboard" }).textStream) {
      text += delta;
      const fence = extractGenuiFences(text)[0];
      if (fence && !fence.closed) itemsSeenWhileOpen = Math.max(itemsSeenWhileOpen, fence.spec?.items.length ?? 0);
    }
    expect(itemsSeenWhileOpen).toBeGreaterThanOrEqual(5);
    expect(extractGenuiFences(text)[0]?.spec?.id).toBe("sales");
    model.session.assertConsumed();
  });
});
