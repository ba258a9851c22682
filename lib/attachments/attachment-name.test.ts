import { describe, expect, it } from "vitest";
import { attachmentName, DEFAULT_ATTACHMENT_NAME } from "./attachment-name";
import { ATTACHMENT_NAME_MAX_LENGTH } from "./limits";
import { inlineDisposition } from "./attachment-response";

describe("attachmentName", () => {
  it("keeps a plain name and drops folders", () => {
    expect(attachmentName("holiday photo.png")).toBe("holiday photo.png");
    expect(attachmentName("C:\\Users\\me\\shot.jpg")).toBe("shot.jpg");
    expect(attachmentName("../../etc/passwd")).toBe("passwd");
  });

  it("drops controls, bidi overrides and quotes, and falls back when nothing is left", () => {
    expect(attachmentName("evil\u202Egnp.exe")).toBe("evilgnp.exe");
    expect(attachmentName('a"b;c\u0000d\r\ne.png')).toBe("abcde.png");
    expect(attachmentName("")).toBe(DEFAULT_ATTACHMENT_NAME);
    expect(attachmentName(null)).toBe(DEFAULT_ATTACHMENT_NAME);
    expect(attachmentName("..")).toBe(DEFAULT_ATTACHMENT_NAME);
  });

  it("cuts a long name and keeps its extension", () => {
    const name = attachmentName(`${"x".repeat(300)}.jpeg`);
    expect(name).toHaveLength(ATTACHMENT_NAME_MAX_LENGTH);
    expect(name.endsWith(".jpeg")).toBe(true);
  });

  it("goes into Content-Disposition as ASCII plus the UTF-8 name", () => {
    expect(inlineDisposition("Grafik äö.png")).toBe(`inline; filename="Grafik __.png"; filename*=UTF-8''Grafik%20%C3%A4%C3%B6.png`);
  });
});
