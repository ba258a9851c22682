import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { identityNames } from "./identity-names";
import { IdentityMasker, MASK_CHARACTER, MASKED_NAME, maskJson, maskText } from "./identity-mask";

const names = identityNames([
  { id: "replay:default", provider: "replay", modelName: "default", displayName: "Replay (recorded replies)" },
  { id: "openai:gpt-4o", provider: "openai", modelName: "gpt-4o", displayName: "OpenAI · gpt-4o" },
  { id: "anthropic:claude-sonnet-4-5", provider: "anthropic", modelName: "claude-sonnet-4-5", displayName: "Anthropic · claude-sonnet-4-5" },
]);

const M = MASKED_NAME;

describe("maskText", () => {
  it.each([
    ["I am Claude, made by Anthropic.", `I am ${M}, made by ${M}.`],
    ["As ChatGPT (GPT-4o-mini) I think", `As ${M} (${M}) I think`],
    ["gpt-4o's answer", `${M}'s answer`],
    ["Try Qwen2.5-Coder or Llama 3.1 70B", `Try ${M} or ${M}`],
    ["Made with **Gemini** at claude.ai.", `Made with **${M}** at ${M}.`],
    ["Meta AI and Meta data", `${M} and Meta data`],
    ["Google DeepMind built it", `${M} built it`],
    ["the phial, Phillip, graphic, Claudette", "the phial, Phillip, graphic, Claudette"],
    ["Phi-3 and phi", `${M} and ${M}`],
    ["myClaude and Claude_bot", `myClaude and ${M}`],
    ["GROK\nis here", `${M}\nis here`],
    ["I'm Claude\n2. Next item", `I'm ${M}\n2. Next item`],
    ["Command R+ wrote this", `${M} wrote this`],
    ["nothing to see", "nothing to see"],
  ])("%j", (input, expected) => {
    const result = maskText(input, names);
    expect(result.text).toBe(expected);
    expect(result.leaked).toBe(input !== expected);
  });

  it("escapes names holding regular-expression characters", () => {
    expect(maskText("use a+b (x) now, not aab", ["a+b (x)"]).text).toBe(`use ${M} now, not aab`);
    expect(maskText("c.d and cxd", ["c.d"]).text).toBe(`${M} and cxd`);
  });

  it("leaves text alone with no names", () => {
    expect(maskText("Claude", [])).toEqual({ text: "Claude", leaked: false });
  });
});

const texts = [
  "I am Claude, made by Anthropic. GPT-4o-mini and gpt-4o's cousin Llama 3.1 70B say hi.",
  "Replay (recorded replies) here: replay:default — Meta AI, Meta  AI, Meta\tAI, Google DeepMind.",
  "```ui\nCard title=\"Gemini 2.5 Pro\"\n```\nQwen2.5-Coder vs DeepSeek-V3.1; claude.ai/chat; x Claudette y",
  "𝐀Claude 😀Claude é Claude ÉGrok ChatGPTs Chat GPT-5.1-codex-max.",
  "ClaudeClaude Claude-Claude Claude 3 Claude 3.5 Sonnet Claude  3 end: Claude",
  "anthropic:claude-sonnet-4-5 and OpenAI · gpt-4o and Command R+ and Command Rx",
];

function chunked(text: string, cuts: number[], keepLength = false): string {
  const masker = new IdentityMasker(names, { keepLength });
  let output = "";
  let previous = 0;
  for (const cut of [...cuts].sort((first, second) => first - second)) {
    output += masker.push(text.slice(previous, cut));
    previous = cut;
  }
  output += masker.push(text.slice(previous));
  output += masker.flush();
  expect(masker.leaked).toBe(maskText(text, names).leaked);
  if (keepLength) expect(output.length).toBe(text.length);
  return output;
}

describe("IdentityMasker", () => {
  it("equals maskText for every single split point", () => {
    for (const text of texts) {
      const expected = maskText(text, names).text;
      for (let cut = 0; cut <= text.length; cut += 1) expect(chunked(text, [cut])).toBe(expected);
    }
  });

  it("equals maskText one character at a time", () => {
    for (const text of texts) {
      const cuts = Array.from({ length: text.length }, (_, index) => index);
      expect(chunked(text, cuts)).toBe(maskText(text, names).text);
    }
  });

  it("equals maskText for every pair of split points of a short text", () => {
    const text = "Hi Claude-3, I'm GPT-4o. Meta AI!";
    const expected = maskText(text, names).text;
    for (let first = 0; first <= text.length; first += 1) {
      for (let second = first; second <= text.length; second += 1) expect(chunked(text, [first, second])).toBe(expected);
    }
  });

  it("equals maskText for random chunkings and random texts", () => {
    const pieces = ["Claude", "claude", "GPT", "-4o", "-mini", " 3", ".5", "Meta", " AI", "Gemini", "x", " ", "\n", "é", "😀", "𝐀", "Anthropic", "'s", "_", "2", "replay", ":default", "\ud835", "\udc00", "ſ", "\u212a", "\t", "-", "."];
    const textArbitrary = fc.oneof(
      fc.constantFrom(...texts),
      fc.array(fc.constantFrom(...pieces), { maxLength: 30 }).map((parts) => parts.join("")),
    );
    fc.assert(
      fc.property(textArbitrary, fc.array(fc.nat(), { maxLength: 12 }), (text, rawCuts) => {
        const cuts = rawCuts.map((cut) => cut % (text.length + 1));
        expect(chunked(text, cuts)).toBe(maskText(text, names).text);
      }),
      { numRuns: 2000, seed: 9 },
    );
  });

  it("keeps the text's length with keepLength, for any chunking", () => {
    for (const text of texts) {
      const expected = maskText(text, names, { keepLength: true }).text;
      expect(expected).toHaveLength(text.length);
      for (let cut = 0; cut <= text.length; cut += 1) expect(chunked(text, [cut], true)).toBe(expected);
    }
    expect(maskText("I am Claude-3.", names, { keepLength: true }).text).toBe(`I am ${MASK_CHARACTER.repeat(8)}.`);
  });

  it("shows settled text at once and holds back only what could still be a name", () => {
    const masker = new IdentityMasker(names);
    expect(masker.push("Hello there, I am Cla")).toBe("Hello there, I am ");
    expect(masker.leaked).toBe(false);
    expect(masker.push("ude")).toBe("");
    expect(masker.push("-3 and ")).toBe(`${M} and `);
    expect(masker.leaked).toBe(true);
    expect(masker.push("plain words")).toBe("plain words");
    expect(masker.flush()).toBe("");
  });

  it("releases a held tail that turned out to be no name on flush", () => {
    const masker = new IdentityMasker(names);
    expect(masker.push("see Gem")).toBe("see ");
    expect(masker.flush()).toBe("Gem");
    expect(masker.leaked).toBe(false);
  });

  it("passes text through with no names", () => {
    const masker = new IdentityMasker([]);
    expect(masker.push("Claude")).toBe("Claude");
    expect(masker.flush()).toBe("");
  });
});

describe("maskJson", () => {
  it("masks every string deep in the value, not keys, without changing the input", () => {
    const input = {
      Claude: "I am Claude",
      items: [{ text: "GPT-4o here", count: 3, ok: true, none: null }, "Gemini"],
      nested: { deeper: ["plain"] },
    };
    const snapshot = structuredClone(input);
    const result = maskJson(input, names);
    expect(result.leaked).toBe(true);
    expect(result.value).toEqual({
      Claude: `I am ${M}`,
      items: [{ text: `${M} here`, count: 3, ok: true, none: null }, M],
      nested: { deeper: ["plain"] },
    });
    expect(input).toEqual(snapshot);
  });

  it("keeps every string's length with keepLength", () => {
    expect(maskJson({ text: "by Gemini" }, names, { keepLength: true }).value).toEqual({ text: `by ${MASK_CHARACTER.repeat(6)}` });
  });

  it("reports no leak for clean values", () => {
    expect(maskJson({ a: ["b", 1] }, names)).toEqual({ value: { a: ["b", 1] }, leaked: false });
    expect(maskJson("Claude", names)).toEqual({ value: M, leaked: true });
  });
});
