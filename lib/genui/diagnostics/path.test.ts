import { expect, test } from "vitest";
import { GenuiPath } from "./path";

test("prints JSON paths as the diagnostics promise", () => {
  expect(String(GenuiPath.root)).toBe("");
  expect(String(GenuiPath.root.child("items").child(3).child("children").child(0).child("text"))).toBe("items[3].children[0].text");
  expect(String(GenuiPath.root.child("payload").child("a b").child("ok"))).toBe('payload["a b"].ok');
});

test("shortens a hostile key", () => {
  const path = String(GenuiPath.root.child("x".repeat(100_000)));
  expect(path.length).toBeLessThan(60);
  expect(path).toContain("…");
});
