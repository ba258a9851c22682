import type { Metadata } from "next";
import { loadParityVectors } from "./load-parity-vectors";
import { ParityVectorList } from "./parity-vector-list";
import styles from "./parity.module.css";

/** A developer tool: listed nowhere and kept out of search engines. */
export const metadata: Metadata = { title: "Parity vectors", robots: { index: false, follow: false } };

/**
 * Every vector under fixtures/parity, run in the browser with the bundled
 * libraries and drawn with the app's renderers (`UiBlockView`,
 * `GenuiPanelView`): what e2e/ui-parity.spec.ts checks. Public on purpose —
 * it shows fixtures only, no user data.
 */
export default function ParityPage() {
  const vectors = loadParityVectors();
  return (
    <main id="main" className={`page ${styles.parity}`}>
      <h1>Parity vectors</h1>
      <p className="lead">
        Language-neutral test vectors of both UI dialects (<code>fixtures/parity</code>), run here in the browser and compared with their expected
        JSON, then drawn with the renderers the chat uses.
      </p>
      <ParityVectorList vectors={vectors} />
    </main>
  );
}
