/**
 * Test helpers: compiles a ```ui block body the way the chat does and renders
 * it with `UiBlockView` to static markup, so renderer tests draw realistic
 * view nodes from real source.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import { UiBlockView, type UiBlockViewProps } from "./ui-block-view";

/** Compiles one fence body (final, or as a streamed prefix when `final` is false). */
export function compileBody(body: string, options: { final?: boolean; fenceInfo?: string } = {}): UiBlock {
  const closed = options.final === false ? "" : "\n```\n";
  const text = `Intro.\n\n\`\`\`ui${options.fenceInfo ? ` ${options.fenceInfo}` : ""}\n${body}${closed}`;
  const blocks = compileUi(text, { id: "test", final: options.final !== false });
  const block = blocks[0];
  if (!block) throw new Error("no block compiled");
  return block;
}

/** Markup of a block body drawn by `UiBlockView`. */
export function renderBody(body: string, props: Omit<UiBlockViewProps, "block"> & { final?: boolean } = {}): string {
  const { final, ...viewProps } = props;
  return renderToStaticMarkup(<UiBlockView block={compileBody(body, { final })} {...viewProps} />);
}

/** The text a reader sees in static markup: tags removed, entities decoded, spaces collapsed. */
export function visibleText(markup: string): string {
  return markup
    .replace(/<[^>]*>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** The characters of static markup with tags removed (no spaces added) and entities decoded: exact text of code. */
export function textContent(markup: string): string {
  return markup
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");
}

/** Tag names hostile text would create if it ever reached the DOM as HTML. */
const INJECTED_TAGS = new Set(["img", "script", "svg", "iframe", "object", "embed", "style", "math", "base", "form"]);

/**
 * The elements and attributes in static markup that hostile text could have
 * created: a dangerous tag, an event-handler attribute, or a URL attribute
 * with a script or data scheme. Text (escaped) never counts.
 */
export function injectedMarkup(markup: string): string[] {
  const found: string[] = [];
  for (const match of markup.matchAll(/<([A-Za-z][A-Za-z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g)) {
    const tag = (match[1] ?? "").toLowerCase();
    const attributes = match[2] ?? "";
    // The Graph renderer draws its own SVG from React elements (marked `data-graph`); any other SVG would be markup that got in.
    const renderersOwn = tag === "svg" && /\sdata-graph=""/.test(attributes);
    if (INJECTED_TAGS.has(tag) && !renderersOwn) found.push(`<${tag}>`);
    for (const attribute of attributes.matchAll(/\s([^\s=]+)(?:="([^"]*)")?/g)) {
      const name = (attribute[1] ?? "").toLowerCase();
      const value = (attribute[2] ?? "").replace(/&amp;/g, "&").trim().toLowerCase();
      if (name.startsWith("on")) found.push(`${tag}[${name}]`);
      if ((name === "href" || name === "src" || name === "action" || name === "formaction") && /^(javascript|data|vbscript):/.test(value)) {
        found.push(`${tag}[${name}=${value}]`);
      }
    }
  }
  return found;
}
