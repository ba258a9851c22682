import { Children, isValidElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { LiveDataStatus } from "./live-data-status";

/** Every element with an onClick in a tree the component returned (it has no hooks, so it can be called as a function). */
function clickables(node: ReactNode): { type: unknown; onClick: () => void }[] {
  const found: { type: unknown; onClick: () => void }[] = [];
  const visit = (child: ReactNode) => {
    if (!isValidElement<{ onClick?: () => void; children?: ReactNode }>(child)) return;
    if (child.props.onClick) found.push({ type: child.type, onClick: child.props.onClick });
    Children.forEach(child.props.children, visit);
  };
  Children.forEach(node, visit);
  return found;
}

describe("LiveDataStatus", () => {
  it("says which queries are loading in a polite status, and nothing once all are ready", () => {
    const loading = renderToStaticMarkup(
      <LiveDataStatus queries={[{ name: "runs", phase: "loading" }, { name: "jobs", phase: "ready" }]} onRetry={() => {}} />,
    );
    expect(loading).toContain('role="status"');
    expect(loading).toContain("Loading live data ($runs)…");
    const ready = renderToStaticMarkup(<LiveDataStatus queries={[{ name: "runs", phase: "ready" }]} onRetry={() => {}} />);
    expect(ready).not.toContain("Loading");
    expect(ready).not.toContain('role="alert"');
    expect(renderToStaticMarkup(<LiveDataStatus queries={[]} onRetry={() => {}} />)).toBe("");
  });

  it("shows each failed query with its message and a Retry button", () => {
    const markup = renderToStaticMarkup(
      <LiveDataStatus queries={[{ name: "runs", phase: "error", message: "The query took too long." }]} onRetry={() => {}} />,
    );
    expect(markup).toContain('role="alert"');
    expect(markup).toContain("<code>$runs</code>");
    expect(markup).toContain("The query took too long.");
    expect(markup).toMatch(/<button[^>]*>Retry<\/button>/);
  });

  it("retries the query whose Retry was pressed", () => {
    const onRetry = vi.fn();
    const tree = LiveDataStatus({
      queries: [
        { name: "runs", phase: "ready" },
        { name: "jobs", phase: "error", message: "No." },
      ],
      onRetry,
    });
    const buttons = clickables(tree);
    expect(buttons.map((button) => button.type)).toEqual(["button"]);
    buttons[0]!.onClick();
    expect(onRetry).toHaveBeenCalledExactlyOnceWith("jobs");
  });
});
