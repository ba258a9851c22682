import { describe, expect, it } from "vitest";
import { hasActingCharacters, visibleControls } from "./visible-controls";

/** Every character of `text` that is a control, a bidi control or default-ignorable (what must never be left in a view). */
function acting(text: string): string[] {
  return [...text].filter((character) => /[\p{Cc}\p{Default_Ignorable_Code_Point}\u2028\u2029]/u.test(character) && character !== "\n" && character !== "\t");
}

describe("visibleControls", () => {
  it("leaves ordinary text, line feeds, tabs and Windows line ends alone", () => {
    const text = "Build 42 passed.\n\tÜberblick: 12 tests, 0 failed — ok.\r\nNext line, עברית and العربية as written.";
    expect(visibleControls(text)).toBe(text);
    expect(hasActingCharacters(text)).toBe(false);
  });

  it("names the escape sequences a terminal would run: clear screen, an OSC 8 link, an OSC 52 clipboard write, a bell", () => {
    const text = "\u001b[2J\u001b[H\u001b]8;;https://tracker.example.test/\u001b\\click\u001b]8;;\u001b\\\u001b]52;c;ZXZpbA==\u0007";
    const shown = visibleControls(text);
    expect(shown).toBe("⟨ESC⟩[2J⟨ESC⟩[H⟨ESC⟩]8;;https://tracker.example.test/⟨ESC⟩\\click⟨ESC⟩]8;;⟨ESC⟩\\⟨ESC⟩]52;c;ZXZpbA==⟨BEL⟩");
    expect(acting(shown)).toEqual([]);
  });

  it("names C1 controls (CSI U+009B, OSC U+009D, NEL), DEL, NUL and a lone carriage return", () => {
    expect(visibleControls("a\u009b31mred\u009d0;title\u009c\u0085b\u007f\u0000c\rd")).toBe("a⟨CSI⟩31mred⟨OSC⟩0;title⟨ST⟩⟨NEL⟩b⟨DEL⟩⟨NUL⟩c⟨CR⟩d");
  });

  it.each([
    ["\u202a", "U+202A"],
    ["\u202b", "U+202B"],
    ["\u202c", "U+202C"],
    ["\u202d", "U+202D"],
    ["\u202e", "U+202E"],
    ["\u2066", "U+2066"],
    ["\u2067", "U+2067"],
    ["\u2068", "U+2068"],
    ["\u2069", "U+2069"],
    ["\u200e", "U+200E"],
    ["\u200f", "U+200F"],
    ["\u061c", "U+061C"],
  ])("shows the bidi control %j as ⟨%s⟩, so text reads in its stored order", (control, name) => {
    expect(visibleControls(`admin${control}nimda`)).toBe(`admin⟨${name}⟩nimda`);
  });

  it("shows a Trojan Source line in its stored order", () => {
    const line = 'if (access !== "user\u202e \u2066// Check if admin\u2069 \u2066") {';
    expect(visibleControls(line)).toBe('if (access !== "user⟨U+202E⟩ ⟨U+2066⟩// Check if admin⟨U+2069⟩ ⟨U+2066⟩") {');
  });

  it.each([
    ["\u200b", "U+200B"],
    ["\u200c", "U+200C"],
    ["\u200d", "U+200D"],
    ["\u2060", "U+2060"],
    ["\ufeff", "U+FEFF"],
    ["\u00ad", "U+00AD"],
    ["\u034f", "U+034F"],
    ["\u115f", "U+115F"],
    ["\u3164", "U+3164"],
    ["\uffa0", "U+FFA0"],
    ["\u17b4", "U+17B4"],
    ["\u180b", "U+180B"],
    ["\ufe0f", "U+FE0F"],
    ["\u{e0041}", "U+E0041"],
    ["\u2028", "U+2028"],
  ])("shows the invisible %j as ⟨%s⟩ where it hides in a word", (character, name) => {
    expect(visibleControls(`rep${character}ort`)).toBe(`rep⟨${name}⟩ort`);
  });

  it("keeps emoji as they look: a selector after an emoji, skin tones, joined sequences", () => {
    const text = "⚠️ Careful 👩🏽‍💻 and 🏳️‍🌈, ✅ done";
    expect(visibleControls(text)).toBe(text);
  });

  it("still shows a joiner or selector that follows no emoji, and one trailing an emoji sequence", () => {
    expect(visibleControls("a\u200d\u{1F4BB}")).toBe("a⟨U+200D⟩\u{1F4BB}");
    expect(visibleControls("\u{1F469}\u200d")).toBe("\u{1F469}⟨U+200D⟩");
    expect(visibleControls("x\ufe0f")).toBe("x⟨U+FE0F⟩");
  });

  it("leaves nothing acting in any string of controls and invisible characters", () => {
    let all = "";
    for (let codePoint = 0; codePoint <= 0x206f; codePoint += 1) all += String.fromCodePoint(codePoint);
    for (const codePoint of [0x3164, 0xfe00, 0xfe0f, 0xfeff, 0xffa0, 0x1d173, 0xe0001, 0xe007f]) all += String.fromCodePoint(codePoint);
    expect(acting(visibleControls(all))).toEqual([]);
  });
});
