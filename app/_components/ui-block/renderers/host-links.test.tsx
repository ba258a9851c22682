import { describe, expect, it } from "vitest";
import type { UiLinkResolution } from "@/lib/ui/link";
import { renderBody, visibleText } from "../testing";

const LINKS = `<File path="src/server/session.ts" line={42}/>
<Diff path="src/server/session.ts" base="main" head="fix-session"/>
<Commit sha="3e4f5a6b7c8d"/>
<Node ref="service:auth" label="Auth service"/>`;

describe("Host link renderers", () => {
  it("draws every chip as plain text without a resolver", () => {
    const markup = renderBody(LINKS);
    expect(markup).not.toContain("<a ");
    expect(markup.match(/data-link="text"/g)).toHaveLength(4);
    const text = visibleText(markup);
    expect(text).toContain("File src/server/session.ts:42");
    expect(text).toContain("Diff src/server/session.ts main…fix-session");
    expect(text).toContain("Commit 3e4f5a6");
    expect(text).toContain("Node Auth service");
  });

  it("links a chip the host authorized to the app path it gave", () => {
    const resolveLink = (nodeId: string): UiLinkResolution | undefined =>
      nodeId.endsWith(":0")
        ? {
            nodeId,
            status: "chip",
            label: "session.ts:42",
            target: { kind: "file", path: "src/server/session.ts", line: 42 },
            navigation: { href: "/projects/demo/files/src/server/session.ts#L42" },
          }
        : { nodeId, status: "text", label: "not in this project" };
    const markup = renderBody(LINKS, { resolveLink });
    expect(markup).toMatch(/<a class="[^"]*" href="\/projects\/demo\/files\/src\/server\/session.ts#L42" data-link="chip" data-host-data="" title="File found in the project">/);
    expect(markup.match(/data-link="text"/g)).toHaveLength(3);
    expect(visibleText(markup)).toContain("Commit not in this project");
  });

  it.each([
    "https://evil.example/",
    "//evil.example/x",
    "javascript:alert(1)",
  ])("keeps a chip as text when the resolution's href is %j", (href) => {
    const resolveLink = (nodeId: string) =>
      ({ nodeId, status: "chip", label: "x", target: { kind: "commit", sha: "3e4f5a6" }, navigation: { href } }) as UiLinkResolution;
    const markup = renderBody(`<Commit sha="3e4f5a6"/>`, { resolveLink });
    expect(markup).not.toContain("<a ");
  });

  it("ignores a resolution about another node and a resolver that throws", () => {
    const other = renderBody(`<Commit sha="3e4f5a6"/>`, {
      resolveLink: () => ({ nodeId: "elsewhere:1", status: "chip", label: "x", target: { kind: "commit", sha: "3e4f5a6" }, navigation: { href: "/c" } }),
    });
    expect(other).not.toContain("<a ");
    const throwing = renderBody(`<Commit sha="3e4f5a6"/>`, {
      resolveLink: () => {
        throw new Error("offline");
      },
    });
    expect(visibleText(throwing)).toContain("Commit 3e4f5a6");
  });
});
