import { describe, expect, it } from "vitest";
import { parseUiFenceInfo } from "./fence-info";

describe("parseUiFenceInfo", () => {
  it("reads id= and catalog=, quoted or not", () => {
    expect(parseUiFenceInfo("ui id=build catalog=1")).toEqual({ id: "build", catalog: "1", problems: [] });
    expect(parseUiFenceInfo('ui id="deploy-2" catalog=\'2\'')).toEqual({ id: "deploy-2", catalog: "2", problems: [] });
    expect(parseUiFenceInfo("ui")).toEqual({ problems: [] });
  });

  it("refuses ids that are not 1–64 letters, digits, _ and -", () => {
    for (const id of ["", "a b", "a/b", "x".repeat(65), "<script>", "ü"]) {
      const info = parseUiFenceInfo(`ui id=${id.includes(" ") ? `"${id}"` : id}`);
      expect(info.id).toBeUndefined();
      expect(info.problems.map((problem) => problem.code)).toContain(id.includes(" ") ? "invalid_attribute" : "invalid_block_id");
    }
    expect(parseUiFenceInfo(`ui id=${"x".repeat(64)}`).id).toBe("x".repeat(64));
  });

  it("reports anything else, and a repeated attribute, without failing", () => {
    const info = parseUiFenceInfo("ui id=a title=x flag id=b catalog=");
    expect(info.id).toBe("a");
    expect(info.problems.map((problem) => [problem.code, problem.detail])).toEqual([
      ["invalid_attribute", "title=x"],
      ["invalid_attribute", "flag"],
      ["invalid_attribute", "id=b"],
      ["invalid_attribute", "catalog="],
    ]);
  });
});
