import type { Metadata } from "next";
import { GalleryReplyView } from "./gallery-reply";
import { loadGalleryReplies } from "./load-gallery-replies";
import styles from "./gallery.module.css";

/** A developer tool: listed nowhere and kept out of search engines. */
export const metadata: Metadata = { title: "UI block gallery", robots: { index: false, follow: false } };

/**
 * Every hand-written reply under fixtures/ui-examples (and the renderer's
 * edge cases) drawn as the chat draws a finished reply: prose as Markdown,
 * blocks compiled on the server as final and drawn with `UiBlockView`. A
 * developer tool and what the browser specs drive; public on purpose — it
 * shows fixtures only, no user data.
 */
export default function UiGalleryPage() {
  const replies = loadGalleryReplies();
  const examples = replies.filter((reply) => reply.kind === "example");
  const cases = replies.filter((reply) => reply.kind === "case");
  return (
    <main id="main" className={`page ${styles.gallery}`}>
      <h1>UI block gallery</h1>
      <p className="lead">
        Every example reply with <code>```ui</code> blocks, compiled and drawn in the browser. Inputs and local choices work here; a choice
        that would be sent shows what the chat would send. Query blocks read made-up demo rows.
      </p>
      <nav aria-label="Replies">
        <ul className={styles.index}>
          {replies.map((reply) => (
            <li key={reply.id}>
              <a href={`#${reply.id}`}>{reply.title}</a>
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
    </main>
  );
}
