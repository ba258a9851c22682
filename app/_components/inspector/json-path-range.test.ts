import { describe, expect, it } from "vitest";
import { jsonPathRange, JSON_PATH_SCAN_LENGTH, parseJsonPath } from "./json-path-range";

const BODY = `{
  "title": "Services",
  "items": [
    {"type": "text", "text": "first"},
    {"type": "link", "text": "Runbook", "href": "javascript:alert(1)"},
    {"type": "table", "columns": [], "rows": [["a", 1], ["b", 2]], "payload": {"a b": true}}
  ]
}`;

function at(body: string, path: string): string | undefined {
  const range = jsonPathRange(body, path);
  return range ? body.slice(range.start, range.end) : undefined;
}

describe("parseJsonPath", () => {
  it("reads the paths GenuiPath prints", () => {
    expect(parseJsonPath("items[3].children[0].text")).toEqual(["items", 3, "children", 0, "text"]);
    expect(parseJsonPath('payload["a b"]')).toEqual(["payload", "a b"]);
    expect(parseJsonPath("")).toEqual([]);
    expect(parseJsonPath("items[x]")).toBeUndefined();
  });
});

describe("jsonPathRange", () => {
  it("finds an element, and a member with its key", () => {
    expect(at(BODY, "items[0]")).toBe('{"type": "text", "text": "first"}');
    expect(at(BODY, "items[1].href")).toBe('"href": "javascript:alert(1)"');
    expect(at(BODY, "items[2].rows[1][1]")).toBe("2");
    expect(at(BODY, 'items[2].payload["a b"]')).toBe('"a b": true');
    expect(at(BODY, "items[2].columns")).toBe('"columns": []');
    expect(at(BODY, "title")).toBe('"title": "Services"');
  });

  it("falls back to the deepest part of the path the body holds", () => {
    expect(at(BODY, "items[9]")).toBe(at(BODY, "items"));
    expect(at(BODY, "items[1].missing")).toBe(at(BODY, "items[1]"));
  });

  it("reads a body cut short or broken as far as it goes", () => {
    const cut = '{"items": [{"type": "text", "text": "missing a closing bracket"}';
    expect(at(cut, "items[0].text")).toBe('"text": "missing a closing bracket"');
    expect(at(cut, "items")).toBe('"items": [{"type": "text", "text": "missing a closing bracket"}');
    expect(at('{"items": [1, 2 @ 3]}', "items[1]")).toBe("2");
    expect(at('{"items": [1, 2 @ 3]}', "items[2]")).toBe('"items": [1, 2');
  });

  it("has no place for the whole spec, an unreadable path or a body too long to search", () => {
    expect(jsonPathRange(BODY, "")).toBeUndefined();
    expect(jsonPathRange(BODY, "items[")).toBeUndefined();
    expect(jsonPathRange(`{"items": [${" ".repeat(JSON_PATH_SCAN_LENGTH)}]}`, "items")).toBeUndefined();
  });
});
