import { describe, expect, it } from "vitest";
import { chatDocumentTitle } from "./chat-document-title";

describe("chatDocumentTitle", () => {
  it("puts the chat's title before the product name, as the root layout's template does", () => {
    expect(chatDocumentTitle("Show me the build status")).toBe("Show me the build status · Octo playground");
  });

  it("falls back to the product name for an empty title", () => {
    expect(chatDocumentTitle("   ")).toBe("Octo playground");
  });
});
