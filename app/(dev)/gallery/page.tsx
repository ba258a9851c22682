import type { Metadata } from "next";
import { GalleryExample } from "../gallery-genui/gallery-example";
import { loadGenuiExamples } from "../gallery-genui/load-genui-examples";
import { diagnosticLines } from "../gallery-genui/example-diagnostics";
import { GalleryReplyView } from "./gallery-reply";
import { loadGalleryReplies } from "./load-gallery-replies";
import styles from "./gallery.module.css";

/** A developer tool: listed nowhere and kept out of search engines. */
export const metadata: Metadata = { title: "UI block gallery", robots: { index: false, follow: false } };

/**
 * Both dialects on one page: every hand-written reply under
 * fixtures/ui-examples (and the renderer's edge cases) drawn as the chat
 * draws a finished reply — prose as Markdown, blocks compiled on the server
 * as final and drawn with `UiBlockView` — then every octo-ui example under
 * fixtures/genui-examples drawn by `GenuiPanelView`. Between them they use
 * every component of both catalogs (gallery-coverage.test.ts). A developer
 * tool and what the browser specs drive; public on purpose — it shows
 * fixtures only, no user data. `/gallery-genui` keeps the octo-ui part alone.
 */
export default function UiGalleryPage() {
  const replies = loadGalleryReplies();
  const examples = replies.filter((reply) => reply.kind === "example");
  const cases = replies.filter((reply) => reply.kind === "case");
  const panels = loadGenuiExamples();
  return (
    <main id="main" className={`page ${styles.gallery}`}>
      <h1>UI block gallery</h1>
      <p className="lead">
        Every example reply with <code>```ui</code> blocks, compiled and drawn in the browser, then every <code>octo-ui</code> panel. Inputs and local choices work here; a choice
        that would be sent shows what the chat would send. Query blocks read made-up demo rows.
      </p>
      <nav aria-label="Replies">
        <ul className={styles.index}>
          {replies.map((reply) => (
            <li key={reply.id}>
              <a href={`#${reply.id}`}>{reply.title}</a>
            </li>
          ))}
          {panels.map((example) => (
            <li key={example.id}>
              <a href={`#${example.id}`}>{`octo-ui · ${example.title}`}</a>
            </li>
          ))}
        </ul>
      </nav>
      {examples.map((reply) => (
        <GalleryReplyView key={reply.id} reply={reply} />
      ))}
      <h2 className={styles.partTitle}>Renderer edge cases</h2>
      {cases.map((reply) => (
        <GalleryReplyView key={reply.id} reply={reply} />
      ))}
      <h2 className={styles.partTitle}>octo-ui panels</h2>
      {panels.map((example) => (
        <GalleryExample key={example.id} example={{ ...example, title: `octo-ui · ${example.title}` }} diagnostics={diagnosticLines(example)} />
      ))}
    </main>
  );
}
