import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ToneBadge } from "./tone-badge";

describe("ToneBadge", () => {
  it("says its tone in words as well as colour", () => {
    const markup = renderToStaticMarkup(<ToneBadge tone="danger">failing</ToneBadge>);
    expect(markup).toContain('data-tone="danger"');
    expect(markup).toContain("Danger: ");
    expect(markup).toContain("✕");
    expect(markup).toContain("failing");
  });

  it("prints hostile text as text", () => {
    const markup = renderToStaticMarkup(<ToneBadge>{"<img src=x onerror=alert(1)>"}</ToneBadge>);
    expect(markup).not.toContain("<img");
    expect(markup).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });
});
