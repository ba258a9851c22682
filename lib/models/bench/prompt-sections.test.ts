import { describe, expect, it } from "vitest";
import { promptSections } from "./prompt-sections";

describe("promptSections", () => {
  it("cuts at # and ## headings, keeps every line, and ignores headings inside fences", () => {
    const prompt = "Intro.\n# One\nText.\n```\n# not a heading\n```\n## Two\n### Three stays in Two";
    const sections = promptSections(prompt);
    expect(sections.map((section) => section.heading)).toEqual(["(introduction)", "# One", "## Two"]);
    expect(sections.map((section) => section.text).join("\n")).toBe(prompt);
  });
});
