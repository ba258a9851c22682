"use client";
/** `link`: the only node carrying a URL. */
import { checkLinkHref, type GenuiLinkNode } from "@/lib/genui";
import styles from "../genui.module.css";

/**
 * A link opened in a new tab, without handing the page to it (`noopener
 * noreferrer`) or vouching for it (`nofollow`). The parser already refused
 * every scheme but http, https, mailto and tel; the href is checked again
 * here so no path to the DOM skips the rule, and a refused one draws
 * nothing — a link that cannot be followed must not look like one.
 */
export function LinkNode({ node }: { node: GenuiLinkNode }) {
  const checked = checkLinkHref(node.href);
  if (!checked.ok) return null;
  const text = node.text !== undefined && node.text.trim() !== "" ? node.text : checked.href;
  return (
    <p className={styles.text}>
      <a className={styles.link} href={checked.href} target="_blank" rel="noopener noreferrer nofollow">
        {text}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </p>
  );
}
