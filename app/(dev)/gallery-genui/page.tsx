import type { Metadata } from "next";
import { diagnosticLines } from "./example-diagnostics";
import { GalleryExample } from "./gallery-example";
import styles from "./gallery.module.css";
import { loadGenuiExamples } from "./load-genui-examples";

/** A developer tool: listed nowhere and kept out of search engines. */
export const metadata: Metadata = { title: "GenUI gallery", robots: { index: false, follow: false } };

/**
 * Every example under fixtures/genui-examples drawn by `GenuiPanelView`, as
 * the chat would draw it: a developer tool and what the browser specs drive.
 * Public on purpose — it shows fixtures only, no user data.
 */
export default function GenuiGalleryPage() {
  const examples = loadGenuiExamples();
  return (
    <main id="main" className={`page ${styles.gallery}`}>
      <h1>GenUI gallery</h1>
      <p className="lead">
        Every example spec of the JSON dialect, validated and drawn in the browser. Interaction stays local; a button shows the{" "}
        <code>[octo-ui-action]</code> message it would send.
      </p>
      <nav aria-label="Examples">
        <ul className={styles.index}>
          {examples.map((example) => (
            <li key={example.id}>
              <a href={`#${example.id}`}>{example.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      {examples.map((example) => (
        <GalleryExample key={example.id} example={example} diagnostics={diagnosticLines(example)} />
      ))}
    </main>
  );
}
