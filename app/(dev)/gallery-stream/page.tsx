import type { Metadata } from "next";
import { loadGalleryReplies } from "../gallery/load-gallery-replies";
import { loadGenuiExamples } from "../gallery-genui/load-genui-examples";
import { StreamConformance, type StreamedReply } from "./stream-conformance";

/** Fixtures only: written once at build time, like the galleries. */
export const dynamic = "force-static";

/** A developer tool: listed nowhere and kept out of search engines. */
export const metadata: Metadata = { title: "Streaming conformance", robots: { index: false, follow: false } };

/**
 * Every gallery reply of both dialects — the ```ui examples and cases, and
 * each octo-ui example as a reply holding its fence — streamed into the
 * chat's own reply view, cut at every character (or, for a long reply, at
 * hundreds of places), and checked at each step (stream-checks.ts). What the
 * streaming conformance spec drives; a person can run one reply by hand.
 */
export default function StreamConformancePage() {
  const replies: StreamedReply[] = [
    ...loadGalleryReplies().map((reply) => ({ id: reply.id, title: reply.title, dialect: "ui" as const, text: reply.text })),
    ...loadGenuiExamples()
      .filter((example) => example.surface === "fence")
      .map((example) => ({
        id: `genui-${example.id}`,
        title: example.title,
        dialect: "octo-ui" as const,
        text: `${example.description}\n\n\`\`\`octo-ui\n${JSON.stringify(JSON.parse(example.specJson), null, 2)}\n\`\`\`\n\nThat is the panel.\n`,
      })),
  ];
  return (
    <main id="main" className="page">
      <h1>Streaming conformance</h1>
      <p className="lead">
        Each reply streamed into the chat&apos;s reply view one cut at a time. At every step: nothing thrown, no error card for a part still arriving, nothing
        drawn that disappears or is drawn again, no control usable before its part is complete; and the last step draws what the stored reply draws.
      </p>
      <StreamConformance replies={replies} />
    </main>
  );
}
