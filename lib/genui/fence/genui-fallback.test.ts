import { describe, expect, test } from "vitest";
import { genuiFallbackText, genuiReplyFallback } from "./genui-fallback";

describe("genuiFallbackText", () => {
  test("names the panel's title, on one line", () => {
    expect(genuiFallbackText({ title: "Sales\nQ3", items: [] })).toBe("[Interactive panel “Sales Q3” — open this chat in the web app to use it]");
  });
  test("without a title or a spec, a generic line", () => {
    expect(genuiFallbackText(null)).toBe("[Interactive panel — open this chat in the web app to use it]");
    expect(genuiFallbackText({ title: " \t", items: [] })).toBe(genuiFallbackText(null));
  });
  test("a long title is shortened", () => {
    const line = genuiFallbackText({ title: "t".repeat(500), items: [] });
    expect(line).toContain(`“${"t".repeat(79)}…”`);
    expect(line).not.toContain("\n");
  });
});

describe("genuiReplyFallback", () => {
  test("replaces every octo-ui fence with its placeholder line and keeps the prose and other fences", () => {
    const reply = 'Before.\n\n```octo-ui\n{"title": "A", "items": []}\n```\n\nMiddle.\n```js\nx()\n```\n```octo-ui\nnot json\n```\nAfter.';
    expect(genuiReplyFallback(reply)).toBe(
      "Before.\n\n[Interactive panel “A” — open this chat in the web app to use it]\n\nMiddle.\n```js\nx()\n```\n[Interactive panel — open this chat in the web app to use it]\nAfter.",
    );
  });
  test("a reply without fences is unchanged", () => {
    expect(genuiReplyFallback("Just text.\n```py\nprint(1)\n```")).toBe("Just text.\n```py\nprint(1)\n```");
  });
});
