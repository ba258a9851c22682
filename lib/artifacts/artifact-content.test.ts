import { describe, expect, it } from "vitest";
import { checkArtifactContent, formatBytes, utf8ByteLength } from "./artifact-content";
import { ARTIFACT_LIMITS } from "./limits";

describe("checkArtifactContent", () => {
  it.each(["", "plain", "Grüße", "日本語", "emoji 🧪🚀", "mixed\r\nlines\n"])("measures %j as its UTF-8 encoding does", (text) => {
    expect(utf8ByteLength(text)).toBe(Buffer.byteLength(text, "utf8"));
    expect(checkArtifactContent(text)).toEqual({ ok: true, bytes: Buffer.byteLength(text, "utf8") });
  });

  it("accepts exactly the cap and refuses one byte more", () => {
    expect(checkArtifactContent("x".repeat(ARTIFACT_LIMITS.contentBytes)).ok).toBe(true);
    const over = checkArtifactContent(`${"x".repeat(ARTIFACT_LIMITS.contentBytes - 1)}é`);
    expect(over.ok).toBe(false);
    expect(!over.ok && over.error).toMatch(/at most 1\.0 MiB/);
  });

  it("refuses NUL and lone surrogates, which would not come back as the same bytes", () => {
    expect(checkArtifactContent("a\u0000b").ok).toBe(false);
    expect(checkArtifactContent("broken \ud83d here").ok).toBe(false);
    expect(checkArtifactContent("broken \ude00 here").ok).toBe(false);
  });

  it("formats sizes as people read them", () => {
    expect([formatBytes(812), formatBytes(4300), formatBytes(1_048_576)]).toEqual(["812 bytes", "4.2 KiB", "1.0 MiB"]);
  });
});
