/** For tests: a panel rendered to static markup, and the markup's parts tests ask about. */
import { renderToStaticMarkup } from "react-dom/server";
import type { GenuiPanelState, GenuiSurface, UiAction } from "@/lib/genui";
import { GenuiPanelView } from "../genui-panel-view";

/** How to render a panel in a test. */
export type RenderPanelOptions = {
  surface?: GenuiSurface;
  state?: GenuiPanelState;
  streaming?: boolean;
  onAction?: (action: UiAction) => void;
  sentButtons?: ReadonlySet<string>;
};

/** The static markup of a panel drawing `spec`. */
export function renderPanel(spec: unknown, options: RenderPanelOptions = {}): string {
  const { surface = "fence", ...rest } = options;
  return renderToStaticMarkup(<GenuiPanelView spec={spec} surface={surface} {...rest} />);
}

/** A state with only these fields touched. */
export function fieldsState(fields: GenuiPanelState["fields"], extra: Partial<Omit<GenuiPanelState, "fields">> = {}): GenuiPanelState {
  return { fields, tabs: extra.tabs ?? {}, folds: extra.folds ?? {} };
}

/** Every value of attribute `name` in `html`, decoded from the escapes React writes. */
export function attributeValues(html: string, name: string): string[] {
  const pattern = new RegExp(`\\s${name}="([^"]*)"`, "g");
  return [...html.matchAll(pattern)].map((match) => decodeEntities(match[1] ?? ""));
}

/** Every element name that opens a tag in `html`. */
export function tagNames(html: string): Set<string> {
  return new Set([...html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)/g)].map((match) => (match[1] ?? "").toLowerCase()));
}

/** Every attribute name used in `html`'s tags. */
export function attributeNames(html: string): Set<string> {
  const names = new Set<string>();
  for (const tag of html.matchAll(/<[a-zA-Z][^>]*>/g)) {
    // Attribute values are quoted and escaped by React, so dropping them leaves only names.
    const bare = tag[0].replace(/"[^"]*"/g, '""');
    for (const attribute of bare.matchAll(/\s([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?==|\s|\/?>)/g)) names.add((attribute[1] ?? "").toLowerCase());
  }
  return names;
}

/** The text content of `html`: tags removed and entities decoded. */
export function textContent(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ""));
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}
