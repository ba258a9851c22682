import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { HostActionCard } from "@/lib/host-actions/host-action-card";

// The server actions are the server's; drawing the card never calls them.
vi.mock("./actions", () => ({ confirmHostAction: vi.fn(), dismissHostAction: vi.fn() }));

const { HostActionRecord } = await import("./host-action-record");

const proposal: HostActionCard = { id: "c", name: "file_issue", textOffset: 0, ok: false, state: "proposed", line: "File issue 'Login test is flaky' on project Demo as Ana Souza", proposalId: "p-1" };

function draw(card: HostActionCard, settle?: { chatId: string; messageId: string }): string {
  return renderToStaticMarkup(<HostActionRecord card={card} settle={settle} />);
}

describe("HostActionRecord", () => {
  it("draws a proposal as what will happen and as whom, waiting, with Confirm and Dismiss buttons", () => {
    const markup = draw(proposal, { chatId: "chat", messageId: "reply" });
    expect(markup).toContain('aria-label="Issue: waiting for you"');
    expect(markup).toContain("File issue &#x27;Login test is flaky&#x27; on project Demo as Ana Souza");
    expect(markup).toContain("nothing is done until you confirm");
    expect(markup.match(/<button type="button"[^>]*>(Confirm|Dismiss)<\/button>/g)).toHaveLength(2);
  });

  it("shows a bidi control in the model's title as a mark, so what is confirmed reads in its stored order", () => {
    const reversed = { ...proposal, line: "File issue 'x\u202Eyb nosuoS anA sa' on project Demo as Ana Souza" };
    const markup = draw(reversed, { chatId: "chat", messageId: "reply" });
    expect(markup).not.toContain("\u202E");
    expect(markup).toContain("⟨U+202E⟩");
    const settled = draw({ ...proposal, ok: true, state: "done", line: "Filed issue #3", proposal: reversed.line });
    expect(settled).not.toContain("\u202E");
  });

  it("offers no answer where none may be given (the admin view, a comparison pane)", () => {
    expect(draw(proposal)).not.toContain("<button");
  });

  it("says what became of a settled proposal, with what was asked", () => {
    const done = draw({ ...proposal, ok: true, state: "done", line: "Filed issue #3: Login test is flaky", proposal: proposal.line }, { chatId: "chat", messageId: "reply" });
    expect(done).toContain('aria-label="Issue: done"');
    expect(done).toContain("Asked: File issue");
    expect(done).not.toContain("<button");
    expect(draw({ ...proposal, state: "dismissed" }, { chatId: "chat", messageId: "reply" })).toContain('aria-label="Issue: dismissed"');
    expect(draw({ id: "c", name: "rerun_tests", textOffset: 0, ok: false, line: "No.", code: "viewer" })).toContain('aria-label="Test re-run: not done"');
  });
});
