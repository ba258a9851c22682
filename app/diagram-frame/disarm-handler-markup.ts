/**
 * The diagram frame's quick guard on markup before anything parses it
 * there (mermaid's sanitizer, the frame's own inert parse): every
 * event-handler attribute inside a tag is renamed `data-refused-on…`, which
 * the frame's attribute guard then drops. Without it the browser checks the
 * frame's policy against each handler while merely *parsing* a hostile label
 * (`<img onerror=…>`), and reports a refused inline handler on the console —
 * nothing runs, but the console of the person's page fills with errors the
 * model caused. As with neutralize-frame-css.ts, this is not what makes the
 * page safe (the policy and the page's allowlist rebuild are), so it is a
 * tag-aware rewrite rather than a parser: a tag it misreads is still
 * refused by the policy, only not quietly.
 *
 * Serialized into the frame's script (`Function.prototype.toString`): it
 * must not use anything outside its own body.
 */

/** `markup` with every `on…` attribute inside a tag renamed `data-refused-on…`; quoted values and text between tags untouched. */
export function disarmHandlerMarkup(markup: string): string {
  if (!/on/i.test(markup)) return markup;
  // A tag: its name, then attributes, quoted values read whole (a quoted `>` does not end it).
  return markup.replace(/<[a-zA-Z][^\s/>]*(?:"[^"]*"|'[^']*'|[^>"'])*>?/g, (tag) =>
    // Within the tag, a quoted value is kept; a name that starts with `on` after a space, `/` or a quote is renamed.
    tag.replace(/("[^"]*"|'[^']*')|(?<=[\s/"'])(on[^\s/>=]*)/gi, (match, quoted: string | undefined, name: string | undefined) =>
      quoted !== undefined ? quoted : `data-refused-${name}`,
    ),
  );
}
