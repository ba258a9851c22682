import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { decodeSegment, paramText } = await import("./open-project");

describe("route parameters of project pages", () => {
  it("decode what the app's links encode, and leave anything else as it stands", () => {
    expect(decodeSegment("service%3Abilling-api")).toBe("service:billing-api");
    expect(decodeSegment("a%20b")).toBe("a b");
    expect(decodeSegment("invoice.ts")).toBe("invoice.ts");
    expect(decodeSegment("100%")).toBe("100%");
    expect(decodeSegment("%E0%A4%A")).toBe("%E0%A4%A");
    expect(paramText(["a"])).toBe("");
    expect(paramText("42")).toBe("42");
  });
});
