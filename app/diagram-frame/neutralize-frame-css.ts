/**
 * The diagram frame's quick guard on CSS text (a `style` attribute, a
 * presentation attribute, mermaid's `<style>` sheet) before it enters the
 * frame's live document, so that mermaid measuring a hostile diagram does
 * not even try to load anything: the frame's policy would refuse the
 * request, and this keeps it from being made at all. It is not what makes
 * the page safe — the page rebuilds the SVG from an allowlist
 * (clean-diagram-svg.ts) — so it may be blunt: it removes every escape,
 * `@import` and loading function rather than parse.
 *
 * Serialized into the frame's script (`Function.prototype.toString`): it
 * must not use anything outside its own body.
 */

/**
 * `text` with every escape, `@import`, `url(…)` other than `url(#id)`, and image function made inert;
 * `loaded` when one of those was there. A refused `url(…)` becomes the word `refused`, which no
 * property that takes an image or a paint accepts: the declaration is dropped and the diagram's
 * own styles decide (a `none` would have hidden a label whose colour was refused).
 */
export function neutralizeFrameCss(text: string): { text: string; loaded: boolean } {
  let loaded = false;
  const refuse = (replacement: string) => () => {
    loaded = true;
    return replacement;
  };
  // Escapes first: `u\72l(` and `ur\l(` become plain text the rules below see as it is.
  let output = text.replace(/\\/g, "");
  output = output.replace(/@import[^;]*;?/gi, refuse(""));
  output = output.replace(/url\s*\(\s*(?!['"]?#)[^)]*\)?/gi, refuse("refused"));
  output = output.replace(/(^|[^\w-])((?:-webkit-)?image-set|image|(?:-webkit-)?cross-fade|(?:-moz-)?element|src|paint)\s*\(/gi, (_match, before: string) => {
    loaded = true;
    return `${before}none(`;
  });
  return { text: output, loaded };
}
