import { describe, expect, it } from "vitest";
import { UI_CATALOG, UI_COMPONENT_NAMES } from "@/lib/ui/catalog";
import { UI_RENDERERS } from "./registry";

describe("UI_RENDERERS", () => {
  it("has a renderer for every catalog component", () => {
    const missing = UI_COMPONENT_NAMES.filter((name) => typeof UI_RENDERERS[name] !== "function");
    expect(missing).toEqual([]);
  });

  it("has no renderer for a name the catalog does not know", () => {
    const extra = Object.keys(UI_RENDERERS).filter((name) => !Object.hasOwn(UI_CATALOG, name));
    expect(extra).toEqual([]);
  });
});
