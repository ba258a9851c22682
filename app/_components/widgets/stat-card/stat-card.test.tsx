import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { deltaDirection, deltaTone, StatCard } from "./stat-card";

describe("StatCard", () => {
  it("formats a numeric value and shows the unit", () => {
    const markup = renderToStaticMarkup(<StatCard label="Requests" value={12345.678} unit="req/s" />);
    expect(markup).toContain("12,345.678");
    expect(markup).toContain("req/s");
    expect(markup).not.toContain("data-direction");
  });

  it("colours a delta by its sign and says its direction in words", () => {
    const up = renderToStaticMarkup(<StatCard label="Failed" value={3} delta={2} />);
    expect(up).toContain('data-direction="up"');
    expect(up).toContain("Change up: ");
    expect(up).toContain("+2");
    const down = renderToStaticMarkup(<StatCard label="Latency" value="120" delta={-15} />);
    expect(down).toContain('data-direction="down"');
    expect(down).toContain("\u221215");
  });

  it("reads the direction of a text delta from its leading sign", () => {
    expect(deltaDirection("+12%")).toBe("up");
    expect(deltaDirection("-3 since Monday")).toBe("down");
    expect(deltaDirection("same as last week")).toBe("flat");
  });

  it("prints hostile strings as text", () => {
    const markup = renderToStaticMarkup(<StatCard label={'<script>alert("x")</script>'} value="]]><b>" delta="<i>" />);
    expect(markup).not.toMatch(/<script|<b>|<i>/);
    expect(markup).toContain("&lt;script&gt;");
  });

  it("shows a value not known yet as a dash, without its unit", () => {
    const markup = renderToStaticMarkup(<StatCard label="Latency" value={null} unit="ms" />);
    expect(markup).toContain("—");
    expect(markup).not.toContain("ms");
  });

  it("colours the delta by which direction is better", () => {
    expect(renderToStaticMarkup(<StatCard label="Latency" value={120} delta={15} better="lower" />)).toContain('data-tone="danger"');
    expect(renderToStaticMarkup(<StatCard label="Latency" value={120} delta="-15 ms" better="lower" />)).toContain('data-tone="success"');
    expect(renderToStaticMarkup(<StatCard label="Users" value={12} delta={3} better="higher" tone="info" />)).toMatch(/data-direction="up" data-tone="success"/);
    expect(deltaTone("up", undefined, undefined)).toBe("success");
    expect(deltaTone("up", "warning", undefined)).toBe("warning");
    expect(deltaTone("flat", undefined, "lower")).toBe("neutral");
  });
});
