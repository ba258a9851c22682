import { expect, test } from "vitest";
import { cutText } from "./cut-text";

test("keeps the first units", () => {
  expect(cutText("abcdef", 3)).toBe("abc");
  expect(cutText("abc", 10)).toBe("abc");
  expect(cutText("abc", 0)).toBe("");
});

test("never splits a surrogate pair", () => {
  const text = `ab${"😀"}cd`;
  expect(cutText(text, 3)).toBe("ab");
  expect(cutText(text, 4)).toBe("ab😀");
});

test("copies across chunk boundaries exactly", () => {
  const text = Array.from({ length: 10_000 }, (_, index) => String.fromCharCode(97 + (index % 26))).join("");
  expect(cutText(text, 9_999)).toBe(text.slice(0, 9_999));
});
