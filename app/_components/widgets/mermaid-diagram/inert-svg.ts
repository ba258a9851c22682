/**
 * A second pass over mermaid's SVG, after its own sanitizing: mermaid's
 * strict mode keeps harmless-looking HTML in labels, such as an `<img>`
 * without handlers, which would still fetch a URL the model wrote (a
 * tracking pixel). This pass removes everything that can load or run
 * something, so a drawn diagram never reaches the network.
 */

/** Elements that load a resource or run code. */
const LOADING_ELEMENTS = "script, img, image, picture, source, iframe, frame, object, embed, audio, video, track, link, meta, base";

/** Attributes that name a resource to load. */
const URL_ATTRIBUTES = new Set(["src", "srcset", "href", "xlink:href", "action", "formaction", "poster", "background", "data", "ping"]);

/** A CSS `url(…)` that points outside the document (`url(#marker)` stays), and `@import`. */
const EXTERNAL_CSS = /url\(\s*(?!['"]?#)[^)]*\)|@import[^;]*;?/gi;

/** `svg` without anything that loads or runs; call in the browser only (it parses with the DOM, inertly). */
export function inertSvg(svg: string): string {
  // Content of a <template> is parsed but inert: nothing in it loads or runs while we clean it.
  const template = document.createElement("template");
  template.innerHTML = svg;
  const root = template.content;
  for (const element of Array.from(root.querySelectorAll(LOADING_ELEMENTS))) element.remove();
  for (const element of Array.from(root.querySelectorAll("*"))) {
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith("on")) element.removeAttribute(attribute.name);
      else if (URL_ATTRIBUTES.has(name) && !attribute.value.trim().startsWith("#")) element.removeAttribute(attribute.name);
      else if (name === "style" && EXTERNAL_CSS.test(attribute.value)) element.setAttribute("style", attribute.value.replace(EXTERNAL_CSS, "none"));
      EXTERNAL_CSS.lastIndex = 0;
    }
    if (element.tagName.toLowerCase() === "style" && element.textContent) {
      element.textContent = element.textContent.replace(EXTERNAL_CSS, "none");
    }
  }
  return template.innerHTML;
}
