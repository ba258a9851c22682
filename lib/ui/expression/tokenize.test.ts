import { describe, expect, it } from "vitest";
import { UiBudget } from "./budget";
import { UiExpressionTokenizer, UiTokenKind } from "./tokenize";

function tokens(source: string): [UiTokenKind, string, number, number][] {
  const tokenizer = new UiExpressionTokenizer(source, new UiBudget());
  const result: [UiTokenKind, string, number, number][] = [];
  for (;;) {
    const token = tokenizer.next();
    if (token.kind === UiTokenKind.End) return result;
    result.push([token.kind, token.kind === UiTokenKind.Number ? String(token.number) : token.text, token.start, token.end]);
  }
}

describe("UiExpressionTokenizer", () => {
  it("splits every kind of token with its range", () => {
    expect(tokens(`$runs @Count row 1.5e2 'a\\'b' === !== == != <= >= && || ?. ( ) [ ] { } , : . ? + - * / % ! < >`)).toEqual([
      [UiTokenKind.Variable, "runs", 0, 5],
      [UiTokenKind.Helper, "Count", 6, 12],
      [UiTokenKind.Name, "row", 13, 16],
      [UiTokenKind.Number, "150", 17, 22],
      [UiTokenKind.String, "a'b", 23, 29],
      ...["===", "!==", "==", "!=", "<=", ">=", "&&", "||", "?.", "(", ")", "[", "]", "{", "}", ",", ":", ".", "?", "+", "-", "*", "/", "%", "!", "<", ">"].reduce<
        [UiTokenKind, string, number, number][]
      >((list, text) => {
        const start = list.length === 0 ? 30 : (list[list.length - 1]?.[3] ?? 0) + 1;
        list.push([UiTokenKind.Punctuator, text, start, start + text.length]);
        return list;
      }, []),
    ]);
  });

  it("keeps returning End at the end", () => {
    const tokenizer = new UiExpressionTokenizer("", new UiBudget());
    expect(tokenizer.next().kind).toBe(UiTokenKind.End);
    expect(tokenizer.next().kind).toBe(UiTokenKind.End);
  });

  it("reads the longest operator first", () => {
    expect(tokens("a!==b").map((token) => token[1])).toEqual(["a", "!==", "b"]);
    expect(tokens("a<=-1").map((token) => token[1])).toEqual(["a", "<=", "-", "1"]);
  });
});
