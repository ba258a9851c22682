import { describe, expect, it } from "vitest";
import { diagramRefusalNote } from "./diagram-refusal-note";

describe("diagramRefusalNote", () => {
  it("says nothing when nothing was removed", () => {
    expect(diagramRefusalNote([])).toBeUndefined();
  });

  it("names what was not shown, in plain words and a fixed order", () => {
    expect(diagramRefusalNote(["image"])).toBe("This diagram uses images or icons, which are not shown here: a diagram never loads anything from elsewhere.");
    expect(diagramRefusalNote(["reference", "image", "link"])).toBe(
      "This diagram uses images or icons, links and styles from elsewhere, which are not shown here: a diagram never loads anything from elsewhere.",
    );
  });
});
