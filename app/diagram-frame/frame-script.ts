/**
 * The script of the isolated diagram frame (app/diagram-frame/route.ts),
 * which runs mermaid on a model's diagram where nothing can be reached: the
 * frame is sandboxed without `allow-same-origin` (an opaque origin: no
 * cookies, no access to the page) and its policy refuses every load but
 * mermaid's bundle and this script. mermaid puts the diagram in the frame's
 * document to measure it; before it runs, guards make the URLs a diagram
 * names inert there (an image shape's picture, a link, a `url(…)` fill),
 * so even a refused request is never attempted, and note what they refused
 * for the page's note.
 *
 * Serialized with `Function.prototype.toString` into the frame's document:
 * it must not use anything outside its own body and its arguments (the
 * settings as data, the CSS guard as a function).
 */
import type { DIAGRAM_FRAME_MESSAGES, FrameRefusal } from "../_components/widgets/mermaid-diagram/diagram-frame-protocol";
import type { MermaidFrameConfig } from "../_components/widgets/mermaid-diagram/mermaid-config";
import type { disarmHandlerMarkup } from "./disarm-handler-markup";
import type { neutralizeFrameCss } from "./neutralize-frame-css";

/** What the frame's script is given, as data. */
export type DiagramFrameSettings = {
  messages: typeof DIAGRAM_FRAME_MESSAGES;
  /** mermaid's configuration for each colour scheme. */
  configs: { light: MermaidFrameConfig; dark: MermaidFrameConfig };
  /** The id mermaid gives each drawing. */
  renderId: string;
  /** Longest source drawn. */
  maxSourceCharacters: number;
  /** Longest error text sent back. */
  maxErrorCharacters: number;
  /** Width and height a refused image takes in the layout, so its shape still draws. */
  placeholderImageSize: number;
};

/** The part of mermaid's API the frame uses. */
type FrameMermaid = {
  initialize(config: MermaidFrameConfig): void;
  parse(source: string): Promise<unknown>;
  render(id: string, source: string): Promise<{ svg: string }>;
};

/** Runs in the frame: installs the guards, then draws each request from the parent page, one at a time. */
export function runDiagramFrame(settings: DiagramFrameSettings, neutralizeCss: typeof neutralizeFrameCss, disarmMarkup: typeof disarmHandlerMarkup): void {
  const frame = window;
  // Only as the app's sandboxed, framed document: opened any other way it does nothing.
  if (frame.origin !== "null" || frame.parent === frame) return;
  const parent = frame.parent;
  const post = (message: unknown) => parent.postMessage(message, "*");
  const refused = new Set<FrameRefusal>();
  const SVG_NAMESPACE = "http://www.w3.org/2000/svg";
  const URL_ATTRIBUTES = ["href", "src", "srcset", "poster", "data", "action", "formaction", "background", "ping", "lowsrc", "dynsrc"];

  /** An attribute value as the guard lets it into the frame's document, or undefined to leave it out. */
  const guardAttribute = (element: Element, name: string, value: string): string | undefined => {
    const local = name.toLowerCase().replace(/^.*:/, "");
    if (local.startsWith("on") || local.startsWith("data-refused-on")) return undefined;
    if (URL_ATTRIBUTES.includes(local)) {
      if (/^\s*#/.test(value)) return value;
      refused.add(element.localName === "a" ? "link" : "image");
      return undefined;
    }
    const css = neutralizeCss(value);
    if (!css.loaded) return css.text;
    refused.add("reference");
    // A presentation attribute that named a load is left out (mermaid's sheet decides); a style attribute keeps its other declarations.
    return local === "style" ? css.text : undefined;
  };

  const setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function guardedSetAttribute(this: Element, name: string, value: string): void {
    const guarded = guardAttribute(this, String(name), String(value));
    if (guarded !== undefined) setAttribute.call(this, name, guarded);
  };
  const setAttributeNS = Element.prototype.setAttributeNS;
  Element.prototype.setAttributeNS = function guardedSetAttributeNS(this: Element, namespace: string | null, name: string, value: string): void {
    const guarded = guardAttribute(this, String(name), String(value));
    if (guarded !== undefined) setAttributeNS.call(this, namespace, name, guarded);
  };

  const setProperty = CSSStyleDeclaration.prototype.setProperty;
  CSSStyleDeclaration.prototype.setProperty = function guardedSetProperty(this: CSSStyleDeclaration, property: string, value: string | null, priority?: string): void {
    const css = neutralizeCss(String(value ?? ""));
    if (css.loaded) {
      refused.add("reference");
      return;
    }
    setProperty.call(this, property, css.text, priority);
  };
  const cssText = Object.getOwnPropertyDescriptor(CSSStyleDeclaration.prototype, "cssText");
  if (cssText?.set) {
    const setCssText = cssText.set;
    Object.defineProperty(CSSStyleDeclaration.prototype, "cssText", {
      ...cssText,
      set(this: CSSStyleDeclaration, value: string) {
        const css = neutralizeCss(String(value));
        if (css.loaded) refused.add("reference");
        setCssText.call(this, css.text);
      },
    });
  }

  /** Makes a parsed (inert) tree safe to adopt: no scripts or frames, every attribute through the guard. */
  const guardTree = (root: ParentNode) => {
    for (const element of Array.from(root.querySelectorAll("*"))) {
      const name = element.localName.toLowerCase();
      if (["script", "iframe", "frame", "object", "embed", "link", "meta", "base"].includes(name)) {
        element.remove();
        continue;
      }
      if (name === "style") {
        const css = neutralizeCss(element.textContent ?? "");
        if (css.loaded) refused.add("reference");
        element.textContent = css.text;
      }
      for (const attribute of Array.from(element.attributes)) {
        const guarded = guardAttribute(element, attribute.name, attribute.value);
        if (guarded === undefined) element.removeAttribute(attribute.name);
        else if (guarded !== attribute.value) setAttribute.call(element, attribute.name, guarded);
      }
    }
  };

  // Every parse in the frame (mermaid's sanitizer, the guard below) reads markup whose handler
  // attributes are disarmed first: the browser would otherwise report each one it refuses.
  const parseFromString = DOMParser.prototype.parseFromString;
  DOMParser.prototype.parseFromString = function disarmedParseFromString(this: DOMParser, text: string, type: DOMParserSupportedType): Document {
    return parseFromString.call(this, disarmMarkup(String(text)), type);
  };

  // mermaid writes labels, icons and its sheet with innerHTML: the markup is parsed in an inert
  // document first (nothing in it loads), guarded, and only then adopted into the live one.
  const innerHTML = Object.getOwnPropertyDescriptor(Element.prototype, "innerHTML");
  if (innerHTML?.set) {
    const setInnerHTML = innerHTML.set;
    Object.defineProperty(Element.prototype, "innerHTML", {
      ...innerHTML,
      set(this: Element, value: string) {
        const text = String(value);
        if (this.localName === "style") {
          const css = neutralizeCss(text);
          if (css.loaded) refused.add("reference");
          setInnerHTML.call(this, css.text);
          return;
        }
        const inSvg = this.namespaceURI === SVG_NAMESPACE;
        const body = new DOMParser().parseFromString(inSvg ? `<svg xmlns="${SVG_NAMESPACE}">${text}</svg>` : text, "text/html").body;
        guardTree(body);
        // In SVG, HTML such as <img> breaks out of the wrapper; it is kept (guarded) where it broke out to.
        const wrapper = inSvg ? body.querySelector("svg") : null;
        const nodes = Array.from(body.childNodes).flatMap((node) => (node === wrapper ? Array.from(node.childNodes) : [node]));
        this.replaceChildren(...nodes.map((node) => this.ownerDocument.importNode(node, true)));
      },
    });
  }

  // An image shape measures its picture before drawing: a stand-in of a fixed size is measured
  // instead, and the picture is never asked for.
  const size = settings.placeholderImageSize;
  class RefusedImage {
    naturalWidth = size;
    naturalHeight = size;
    width = size;
    height = size;
    complete = true;
    get src(): string {
      return "";
    }
    set src(_value: string) {
      refused.add("image");
    }
    decode(): Promise<void> {
      return Promise.resolve();
    }
    addEventListener(): void {}
    removeEventListener(): void {}
  }
  (frame as unknown as { Image: unknown }).Image = RefusedImage;

  const mermaid = (frame as unknown as { mermaid?: FrameMermaid }).mermaid;
  if (mermaid === undefined) {
    post({ kind: settings.messages.unavailable, error: "The diagram library did not load." });
    return;
  }

  const errorText = (error: unknown): string => {
    const message =
      error instanceof Error ? error.message : typeof error === "object" && error !== null && "message" in error ? String((error as { message: unknown }).message) : String(error);
    return message.slice(0, settings.maxErrorCharacters);
  };

  type DrawRequest = { kind: string; requestId: string; source: string; scheme: "light" | "dark" };
  const isDrawRequest = (data: unknown): data is DrawRequest => {
    if (typeof data !== "object" || data === null) return false;
    const request = data as Record<string, unknown>;
    return (
      request.kind === settings.messages.draw &&
      typeof request.requestId === "string" &&
      typeof request.source === "string" &&
      request.source.length <= settings.maxSourceCharacters &&
      (request.scheme === "light" || request.scheme === "dark")
    );
  };

  const draw = async (request: DrawRequest): Promise<void> => {
    refused.clear();
    try {
      mermaid.initialize(settings.configs[request.scheme]);
      await mermaid.parse(request.source);
      const { svg } = await mermaid.render(settings.renderId, request.source);
      // mermaid returns HTML-serialized markup; the page parses XML, so it is re-serialized (inertly).
      const element = new DOMParser().parseFromString(svg, "text/html").querySelector("svg");
      if (element === null) throw new Error("mermaid drew nothing.");
      post({ kind: settings.messages.drawn, requestId: request.requestId, svg: new XMLSerializer().serializeToString(element), refused: [...refused] });
    } catch (error) {
      post({ kind: settings.messages.failed, requestId: request.requestId, error: errorText(error) });
    } finally {
      // Whatever mermaid left behind (a failed drawing's container) goes with the drawing.
      document.body.replaceChildren();
    }
  };

  let queue: Promise<void> = Promise.resolve();
  frame.addEventListener("message", (event: MessageEvent) => {
    if (event.source !== parent || !isDrawRequest(event.data)) return;
    const request = event.data;
    queue = queue.then(() => draw(request));
  });
  post({ kind: settings.messages.ready });
}
