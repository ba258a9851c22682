import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { compileBody, renderBody } from "../testing";
import { UiBlockView } from "../ui-block-view";

const CHOICES = `$dryRun = true
<Switch label="Dry run" value={$dryRun}/>
<Choices title="Next">
  <Choice id="deploy" label="Deploy now" context="Deploy main to production"/>
  <Choice id="wait" label="Wait" disabled/>
  <Choice id="reset" label="Reset" run={@Reset()}/>
</Choices>`;

/** Each choice button's opening tag, in order. */
function buttons(markup: string): string[] {
  return [...markup.matchAll(/<button[^>]*data-choice[^>]*>/g)].map((match) => match[0]);
}

describe("Choice renderers", () => {
  it("offers sending choices only when the host can send them", () => {
    const without = buttons(renderBody(CHOICES));
    expect(without[0]).toContain('data-choice="send"');
    expect(without[0]).toContain("disabled");
    expect(without[0]).toContain('title="Choices are sent from the chat"');
    const withHost = buttons(renderBody(CHOICES, { onChoice: () => {} }));
    expect(withHost[0]).not.toContain("disabled");
    expect(withHost[0]).toContain('title="Deploy main to production"');
    expect(withHost[1]).toContain("disabled");
  });

  it("always offers a local choice, which needs no host", () => {
    const local = buttons(renderBody(CHOICES))[2];
    expect(local).toContain('data-choice="local"');
    expect(local).not.toContain("disabled");
  });

  it("holds sending choices back until the block is complete", () => {
    const markup = renderToStaticMarkup(
      <UiBlockView block={compileBody(`<Choices>\n  <Choice id="go" label="Go"/>\n`, { final: false })} onChoice={() => {}} />,
    );
    const [go] = buttons(markup);
    expect(go).toContain("disabled");
    expect(go).toContain("Available when the reply is complete");
    const cut = renderToStaticMarkup(
      <UiBlockView block={compileBody(`<Choices>\n  <Choice id="go" label="Go"/>\n`, { final: false })} onChoice={() => {}} streaming={false} />,
    );
    expect(buttons(cut)[0]).toContain("This block did not finish, so its choices cannot be sent");
  });

  it("groups the choices under their title", () => {
    expect(renderBody(CHOICES)).toContain('role="group" aria-label="Next"');
  });
});
