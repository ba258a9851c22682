/**
 * The only way a diagram enters the page: the SVG text the isolated frame
 * sent back is parsed inertly (DOMParser, as XML: nothing in the parsed
 * document loads or runs) and a new SVG tree is built from an allowlist —
 * known SVG elements, known attributes with clean values, CSS rebuilt by
 * clean-diagram-css.ts. Nothing that can load or link survives: no
 * `<image>`, no `<foreignObject>` HTML, no `<a>`, no script or event
 * attribute, no `href` but `#id` to the diagram's own elements, no `url(…)`
 * but `url(#id)` to them. Every id gets the diagram's prefix (references
 * rewritten), so a diagram can neither clobber the page's ids (`main`) nor
 * point at the page's elements.
 *
 * What was removed is reported, so the widget can say that images or links
 * are not shown rather than draw a silently broken diagram.
 */
import { cleanCssValue, cleanStyleDeclarations, cleanStyleSheet, keyframeNames, scopedName, type DiagramCssScope } from "./clean-diagram-css";

/** What the cleaner removed that a person would miss, for the widget's note. */
export type DiagramRemoval = "image" | "html" | "link" | "reference" | "script";

/** Every kind of removal, in the order the widget names them. */
export const DIAGRAM_REMOVALS: readonly DiagramRemoval[] = ["image", "html", "link", "reference", "script"];

/** A cleaned diagram: an SVG element of an inert document (import it into the page), and what was removed. */
export type CleanedDiagram = { svg: SVGSVGElement; removed: DiagramRemoval[] };

/** Longest SVG text taken: far beyond a 500-edge diagram; past it parsing alone would stall the page. */
export const DIAGRAM_SVG_MAX_CHARACTERS = 8_000_000;

/** Deepest element nesting kept: mermaid nests a few dozen levels; deeper hostile nesting is dropped, not recursed into. */
const MAX_DEPTH = 128;

const SVG_NAMESPACE = "http://www.w3.org/2000/svg";
const XLINK_NAMESPACE = "http://www.w3.org/1999/xlink";
const XML_NAMESPACE = "http://www.w3.org/XML/1998/namespace";

/** SVG elements kept (case as SVG spells them). Not here, so never kept: `image`, `feImage`, `foreignObject`, `a`, `script`, animation elements (which can rewrite `href`). */
const ALLOWED_ELEMENTS: ReadonlySet<string> = new Set([
  "svg",
  "g",
  "defs",
  "symbol",
  "use",
  "title",
  "desc",
  "style",
  "switch",
  "path",
  "rect",
  "circle",
  "ellipse",
  "line",
  "polyline",
  "polygon",
  "text",
  "tspan",
  "textPath",
  "marker",
  "linearGradient",
  "radialGradient",
  "stop",
  "pattern",
  "clipPath",
  "mask",
  "filter",
  "feBlend",
  "feColorMatrix",
  "feComponentTransfer",
  "feComposite",
  "feConvolveMatrix",
  "feDiffuseLighting",
  "feDisplacementMap",
  "feDistantLight",
  "feDropShadow",
  "feFlood",
  "feFuncA",
  "feFuncB",
  "feFuncG",
  "feFuncR",
  "feGaussianBlur",
  "feMerge",
  "feMergeNode",
  "feMorphology",
  "feOffset",
  "fePointLight",
  "feSpecularLighting",
  "feSpotLight",
  "feTile",
  "feTurbulence",
]);

/** Elements whose text is shown (or read out): their text nodes are kept, as text. */
const TEXT_ELEMENTS: ReadonlySet<string> = new Set(["text", "tspan", "textPath", "title", "desc"]);

/** Elements (in any namespace) that show an image or media: removing one is a refused image. */
const IMAGE_ELEMENTS: ReadonlySet<string> = new Set(["image", "feimage", "img", "picture", "source", "video", "audio", "canvas", "iframe", "object", "embed"]);

/** Elements whose `href` may point at one of the diagram's own elements. */
const LOCAL_HREF_ELEMENTS: ReadonlySet<string> = new Set(["use", "textPath", "linearGradient", "radialGradient", "pattern", "filter"]);

/** Attributes whose value is CSS-like (presentation attributes, geometry, filter parameters): cleaned as a CSS value. */
const VALUE_ATTRIBUTES: ReadonlySet<string> = new Set([
  // presentation
  "alignment-baseline",
  "baseline-shift",
  "clip-path",
  "clip-rule",
  "color",
  "cursor",
  "direction",
  "display",
  "dominant-baseline",
  "fill",
  "fill-opacity",
  "fill-rule",
  "filter",
  "flood-color",
  "flood-opacity",
  "font-family",
  "font-size",
  "font-stretch",
  "font-style",
  "font-variant",
  "font-weight",
  "letter-spacing",
  "lighting-color",
  "marker-end",
  "marker-mid",
  "marker-start",
  "mask",
  "opacity",
  "overflow",
  "paint-order",
  "pointer-events",
  "shape-rendering",
  "stop-color",
  "stop-opacity",
  "stroke",
  "stroke-dasharray",
  "stroke-dashoffset",
  "stroke-linecap",
  "stroke-linejoin",
  "stroke-miterlimit",
  "stroke-opacity",
  "stroke-width",
  "text-anchor",
  "text-decoration",
  "text-rendering",
  "transform",
  "transform-origin",
  "vector-effect",
  "visibility",
  "word-spacing",
  "writing-mode",
  // geometry and layout
  "x",
  "y",
  "x1",
  "y1",
  "x2",
  "y2",
  "cx",
  "cy",
  "r",
  "rx",
  "ry",
  "fx",
  "fy",
  "fr",
  "width",
  "height",
  "d",
  "points",
  "viewBox",
  "preserveAspectRatio",
  "dx",
  "dy",
  "rotate",
  "textLength",
  "lengthAdjust",
  "pathLength",
  "startOffset",
  "method",
  "spacing",
  "side",
  "markerWidth",
  "markerHeight",
  "markerUnits",
  "refX",
  "refY",
  "orient",
  "offset",
  "gradientUnits",
  "gradientTransform",
  "spreadMethod",
  "patternUnits",
  "patternContentUnits",
  "patternTransform",
  "clipPathUnits",
  "maskUnits",
  "maskContentUnits",
  "filterUnits",
  "primitiveUnits",
  // filter primitives
  "stdDeviation",
  "in",
  "in2",
  "result",
  "operator",
  "k1",
  "k2",
  "k3",
  "k4",
  "mode",
  "type",
  "values",
  "tableValues",
  "slope",
  "intercept",
  "amplitude",
  "exponent",
  "radius",
  "scale",
  "xChannelSelector",
  "yChannelSelector",
  "baseFrequency",
  "numOctaves",
  "seed",
  "stitchTiles",
  "kernelMatrix",
  "order",
  "divisor",
  "bias",
  "targetX",
  "targetY",
  "edgeMode",
  "preserveAlpha",
  "surfaceScale",
  "diffuseConstant",
  "specularConstant",
  "specularExponent",
  "azimuth",
  "elevation",
  "pointsAtX",
  "pointsAtY",
  "pointsAtZ",
  "limitingConeAngle",
  "version",
]);

/** Attributes whose value is plain text for assistive technology: kept unless they name a URL. */
const TEXT_ATTRIBUTES: ReadonlySet<string> = new Set(["role", "aria-roledescription", "aria-label", "aria-hidden"]);

/** Attributes whose value is a list of ids: each must be one of the diagram's own. */
const ID_LIST_ATTRIBUTES: ReadonlySet<string> = new Set(["aria-labelledby", "aria-describedby"]);

/** `data-*` attributes: mermaid's own markers (`data-look` drives its sheet), inert unless they carry a URL. */
const DATA_ATTRIBUTE = /^data-[a-z0-9-]+$/;

/** A value that names something to load, or escapes: never kept in a text attribute. */
const URL_LIKE = /url\s*\(|\\|javascript:|^\s*(?:https?:|\/\/)/i;

/** The state of one cleaning. */
type Cleaning = {
  output: Document;
  scope: DiagramCssScope;
  removed: Set<DiagramRemoval>;
};

/** True when the element (in any namespace) or something inside it shows an image or loads by `src`. */
function holdsImage(element: Element): boolean {
  if (IMAGE_ELEMENTS.has(element.localName.toLowerCase())) return true;
  for (const inner of Array.from(element.getElementsByTagName("*"))) {
    if (IMAGE_ELEMENTS.has(inner.localName.toLowerCase()) || inner.hasAttribute("src") || inner.hasAttribute("srcset")) return true;
  }
  return false;
}

/** True when a `<foreignObject>` sits in a `<switch>` beside an SVG alternative, which is drawn instead (mermaid's journey labels). */
function hasSvgAlternative(element: Element): boolean {
  const parent = element.parentElement;
  if (parent === null || parent.localName !== "switch") return false;
  return Array.from(parent.children).some((sibling) => sibling !== element && sibling.namespaceURI === SVG_NAMESPACE && ALLOWED_ELEMENTS.has(sibling.localName));
}

/** The `#id` an `href` names, scoped, or undefined when it names anything else. */
function localReference(value: string, cleaning: Cleaning): string | undefined {
  const match = /^\s*#([\w.:-]+)\s*$/.exec(value);
  return match ? cleaning.scope.ids.get(match[1]!) : undefined;
}

/** Copies the attributes of `source` that are allowed onto `target`, cleaned. */
function copyAttributes(source: Element, target: Element, cleaning: Cleaning): void {
  const elementName = source.localName;
  for (const attribute of Array.from(source.attributes)) {
    const { localName, namespaceURI, value } = attribute;
    const name = namespaceURI === null ? localName : attribute.name;
    if (namespaceURI === "http://www.w3.org/2000/xmlns/") continue;
    if (/^on/i.test(localName)) {
      cleaning.removed.add("script");
      continue;
    }
    if (localName === "href" && (namespaceURI === null || namespaceURI === XLINK_NAMESPACE)) {
      const scoped = LOCAL_HREF_ELEMENTS.has(elementName) ? localReference(value, cleaning) : undefined;
      if (scoped !== undefined) target.setAttribute("href", `#${scoped}`);
      else if (!/^\s*#/.test(value)) cleaning.removed.add("reference");
      continue;
    }
    if (namespaceURI === XML_NAMESPACE && localName === "space") {
      if (value === "preserve" || value === "default") target.setAttributeNS(XML_NAMESPACE, "xml:space", value);
      continue;
    }
    if (namespaceURI !== null) {
      if (URL_LIKE.test(value)) cleaning.removed.add("reference");
      continue;
    }
    if (name === "id") {
      const scoped = cleaning.scope.ids.get(value);
      if (scoped !== undefined) target.setAttribute("id", scoped);
    } else if (name === "class") {
      const classes = value.split(/\s+/).filter((token) => /^[\w-]+$/.test(token));
      if (classes.length > 0) target.setAttribute("class", classes.join(" "));
    } else if (name === "style") {
      const cleaned = cleanStyleDeclarations(value, cleaning.scope);
      if (cleaned.droppedReference) cleaning.removed.add("reference");
      if (cleaned.css !== "") target.setAttribute("style", cleaned.css);
    } else if (ID_LIST_ATTRIBUTES.has(name)) {
      const ids = value.split(/\s+/).flatMap((token) => {
        const scoped = cleaning.scope.ids.get(token);
        return scoped === undefined ? [] : [scoped];
      });
      if (ids.length > 0) target.setAttribute(name, ids.join(" "));
    } else if (TEXT_ATTRIBUTES.has(name) || DATA_ATTRIBUTE.test(name)) {
      if (URL_LIKE.test(value)) cleaning.removed.add("reference");
      else target.setAttribute(name, value);
    } else if (VALUE_ATTRIBUTES.has(name)) {
      const cleaned = cleanCssValue(value, cleaning.scope);
      if ("value" in cleaned) target.setAttribute(name, cleaned.value);
      else if (cleaned.dropped === "reference") cleaning.removed.add("reference");
    } else if (URL_LIKE.test(value)) {
      // An attribute we do not know, carrying a URL (`src`, `action`, `poster`, …): dropped and reported.
      cleaning.removed.add("reference");
    }
  }
}

/** Appends the clean copies of `source`'s children to `target`. */
function copyChildren(source: Element, target: Element, cleaning: Cleaning, depth: number): void {
  const keepsText = TEXT_ELEMENTS.has(source.localName);
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === child.TEXT_NODE || child.nodeType === child.CDATA_SECTION_NODE) {
      if (keepsText) target.appendChild(cleaning.output.createTextNode(child.nodeValue ?? ""));
    } else if (child.nodeType === child.ELEMENT_NODE) {
      copyElement(child as Element, target, cleaning, depth + 1);
    }
    // Comments and processing instructions are dropped.
  }
}

/** Appends the clean copy of `source` (if it is kept) to `parent`. */
function copyElement(source: Element, parent: Element, cleaning: Cleaning, depth: number): void {
  const name = source.localName;
  if (depth > MAX_DEPTH) return;
  if (source.namespaceURI !== SVG_NAMESPACE) {
    cleaning.removed.add(holdsImage(source) ? "image" : "html");
    return;
  }
  if (name === "a") {
    // A link is unwrapped: what it showed stays, the link does not.
    const href = source.getAttribute("href") ?? source.getAttributeNS(XLINK_NAMESPACE, "href");
    if (href !== null && !/^\s*#/.test(href)) cleaning.removed.add("link");
    copyChildren(source, parent, cleaning, depth);
    return;
  }
  if (name === "script") {
    cleaning.removed.add("script");
    return;
  }
  if (name === "foreignObject") {
    if (holdsImage(source)) cleaning.removed.add("image");
    else if (!hasSvgAlternative(source)) cleaning.removed.add("html");
    return;
  }
  if (IMAGE_ELEMENTS.has(name.toLowerCase())) {
    cleaning.removed.add("image");
    return;
  }
  if (!ALLOWED_ELEMENTS.has(name)) return;
  const target = cleaning.output.createElementNS(SVG_NAMESPACE, name);
  copyAttributes(source, target, cleaning);
  if (name === "style") {
    const sheet = cleanStyleSheet(source.textContent ?? "", cleaning.scope);
    if (sheet.droppedReference) cleaning.removed.add("reference");
    if (sheet.css === "") return;
    target.appendChild(cleaning.output.createTextNode(sheet.css));
  } else {
    copyChildren(source, target, cleaning, depth);
  }
  parent.appendChild(target);
}

/**
 * Cleans the SVG text of one diagram for the page: `prefix` (a letter first, then letters,
 * digits, `-` or `_`) is unique to the diagram on the page, and every id in it starts with it.
 * Call in the browser (it needs `DOMParser` and `document.implementation`).
 */
export function cleanDiagramSvg(options: { markup: string; prefix: string }): CleanedDiagram | { error: string } {
  const { markup, prefix } = options;
  if (!/^[A-Za-z][\w-]*$/.test(prefix)) throw new Error(`Not a diagram prefix: ${prefix}`);
  if (markup.length > DIAGRAM_SVG_MAX_CHARACTERS) return { error: "The drawn diagram is too large to show." };
  // A document type could declare entities (an expansion bomb, or an external entity): the frame never sends one.
  if (/<!DOCTYPE|<!ENTITY/i.test(markup)) return { error: "The drawn diagram could not be read." };
  const parsed = new DOMParser().parseFromString(markup, "image/svg+xml");
  const root = parsed.documentElement;
  if (parsed.getElementsByTagName("parsererror").length > 0 || root.namespaceURI !== SVG_NAMESPACE || root.localName !== "svg") {
    return { error: "The drawn diagram could not be read." };
  }

  const ids = new Map<string, string>();
  const elements = [root, ...Array.from(root.getElementsByTagName("*"))];
  for (const element of elements) {
    const id = element.getAttribute("id");
    if (id !== null && id !== "" && !ids.has(id)) ids.set(id, scopedName(prefix, id));
  }
  const rootId = root.getAttribute("id") || "root";
  if (!ids.has(rootId)) ids.set(rootId, scopedName(prefix, rootId));
  const keyframes = new Map<string, string>();
  for (const style of elements.filter((element) => element.localName === "style")) {
    for (const name of keyframeNames(style.textContent ?? "")) keyframes.set(name, scopedName(prefix, name));
  }

  const output = document.implementation.createDocument(SVG_NAMESPACE, "svg", null);
  const svg = output.documentElement as unknown as SVGSVGElement;
  const cleaning: Cleaning = { output, scope: { rootId: ids.get(rootId)!, prefix, ids, keyframes }, removed: new Set() };
  copyAttributes(root, svg, cleaning);
  svg.setAttribute("id", ids.get(rootId)!);
  copyChildren(root, svg, cleaning, 0);
  return { svg, removed: DIAGRAM_REMOVALS.filter((kind) => cleaning.removed.has(kind)) };
}
