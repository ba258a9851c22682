import { describe, expect, it } from "vitest";
import { scanUiFences, UiFenceScanner } from "./fences";

/** The bodies of the UI fences of a text. */
function bodies(text: string, final = true): string[] {
  return scanUiFences(text, { final }).map((fence) => text.slice(fence.body.start, fence.body.end));
}

describe("UI fences (CommonMark)", () => {
  it("finds backtick and tilde fences whose info string starts with ui", () => {
    const text = "Intro\n\n```ui\n<A/>\n```\n\n~~~ui id=x\n<B/>\n~~~\n\n```ts\nnot ui\n```\n";
    const fences = scanUiFences(text);
    expect(bodies(text)).toEqual(["<A/>\n", "<B/>\n"]);
    expect(fences.map((fence) => fence.info)).toEqual(["ui", "ui id=x"]);
    expect(fences.every((fence) => fence.closed)).toBe(true);
    expect(text.slice(fences[0]!.range.start, fences[0]!.range.end)).toBe("```ui\n<A/>\n```");
    expect(fences.map((fence) => fence.index)).toEqual([0, 1]);
  });

  it("needs the whole first word to be ui", () => {
    expect(bodies("```uix\n<A/>\n```\n```ui\t id=a\n<B/>\n```\n")).toEqual(["<B/>\n"]);
    expect(bodies("``` ui\n<A/>\n```\n")).toEqual(["<A/>\n"]);
    expect(bodies("```UI\n<A/>\n```\n")).toEqual([]);
  });

  it("allows up to three spaces of indent; four make an indented code line", () => {
    expect(bodies("   ```ui\n<A/>\n   ```\n")).toEqual(["<A/>\n"]);
    expect(bodies("    ```ui\n<A/>\n    ```\n")).toEqual([]);
    expect(bodies("\t```ui\n<A/>\n```\n")).toEqual([]);
  });

  it("needs at least three fence characters", () => {
    expect(bodies("``ui\n<A/>\n``\n")).toEqual([]);
    expect(bodies("~~ui\n<A/>\n~~\n")).toEqual([]);
  });

  it("closes only on the same character, at least as long, followed by nothing but spaces", () => {
    const text = "````ui\n```\n~~~~\n```` x\n<A/>\n````   \nafter\n";
    expect(bodies(text)).toEqual(["```\n~~~~\n```` x\n<A/>\n"]);
    expect(bodies("~~~ui\n```\n~~~~~\n")).toEqual(["```\n"]);
    expect(bodies("```ui\n<A/>\n   ```\n")).toEqual(["<A/>\n"]);
    expect(bodies("```ui\n<A/>\n    ```\n")).toEqual(["<A/>\n    ```\n"]);
  });

  it("does not open a backtick fence whose info string holds a backtick", () => {
    expect(bodies("```ui `x`\n<A/>\n```\n")).toEqual([]);
    expect(bodies("~~~ui `x`\n<A/>\n~~~\n")).toEqual(["<A/>\n"]);
  });

  it("ignores UI fences shown inside another code fence", () => {
    const text = "````markdown\n```ui\n<Hidden/>\n```\n````\n\n```ui\n<Shown/>\n```\n";
    expect(bodies(text)).toEqual(["<Shown/>\n"]);
    expect(bodies("~~~\n```ui\n<Hidden/>\n```\n~~~\n")).toEqual([]);
  });

  it("keeps an unfinished fence, marked, with its body up to the end", () => {
    const text = "Text\n```ui\n<Callout title=\"Dep";
    const [fence] = scanUiFences(text);
    expect(fence?.closed).toBe(false);
    expect(text.slice(fence!.body.start, fence!.body.end)).toBe('<Callout title="Dep');
    expect(fence?.range.end).toBe(text.length);
  });

  it("handles CRLF line endings", () => {
    const text = "```ui\r\n<A/>\r\n```\r\nafter";
    const [fence] = scanUiFences(text);
    expect(fence?.closed).toBe(true);
    expect(text.slice(fence!.body.start, fence!.body.end)).toBe("<A/>\r\n");
  });

  it("does not open a fence on an opening line that has not ended, unless the text is final", () => {
    expect(scanUiFences("Hi\n```ui id=bu", { final: false })).toEqual([]);
    const [fence] = scanUiFences("Hi\n```ui id=bu", { final: true });
    expect(fence?.info).toBe("ui id=bu");
    expect(fence?.closed).toBe(false);
    expect(fence?.body.start).toBe(fence?.body.end);
  });

  it("keeps a last line that may still close the fence out of the body, so the body only grows", () => {
    const text = "```ui\n<A/>\n``";
    const [open] = scanUiFences(text, { final: false });
    expect(text.slice(open!.body.start, open!.body.end)).toBe("<A/>\n");
    expect(open?.closed).toBe(false);
    const [closed] = scanUiFences("```ui\n<A/>\n```", { final: true });
    expect(closed?.closed).toBe(true);
    const [content] = scanUiFences("```ui\n<A/>\n``x", { final: false });
    expect("```ui\n<A/>\n``x".slice(content!.body.start, content!.body.end)).toBe("<A/>\n``x");
  });

  it("gives every prefix of a reply a body that only grows as text is appended", () => {
    const text = "a\n```ui\n<A/>\n  ``\n`` x\n ```  \r\nb\n~~~ui\n<B>\n~~~";
    let previous = new Map<number, { start: number; end: number; closed: boolean }>();
    for (let end = 0; end <= text.length; end++) {
      const current = new Map(scanUiFences(text.slice(0, end), { final: false }).map((fence) => [fence.index, { ...fence.body, closed: fence.closed }]));
      for (const [index, body] of previous) {
        const now = current.get(index);
        expect(now, `fence ${index} vanished at ${end}`).toBeDefined();
        expect(now!.start).toBe(body.start);
        expect(now!.end).toBeGreaterThanOrEqual(body.end);
        if (body.closed) expect(now).toEqual(body);
      }
      previous = current;
    }
  });

  it("resumes where it stopped when the text grows", () => {
    const scanner = new UiFenceScanner("```ui\n<A");
    expect(scanner.fence(0)?.closed).toBe(false);
    expect(scanner.extend("```ui\n<A/>\n```\n```ui\n<B/>\n")).toBe(true);
    expect(scanner.fence(0)?.closed).toBe(true);
    expect(scanner.fence(1)?.closed).toBe(false);
    expect(scanner.extend("short")).toBe(false);
  });

  it("scans lazily: finding the first fence does not read the rest of the reply", () => {
    const text = "```ui\n<A/>\n```\n" + "prose line\n".repeat(10_000) + "```ui\n<B/>\n```\n";
    const scanner = new UiFenceScanner(text);
    scanner.finish();
    expect(scanner.fence(0)?.closed).toBe(true);
    expect(scanner.scanned).toBe("```ui\n<A/>\n```\n".length);
    expect(scanner.fence(1)?.closed).toBe(true);
    expect(scanner.scanned).toBe(text.length);
  });
});
