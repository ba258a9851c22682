"use client";
/** The nodes whose body is source text: `code` (highlighted) and `mermaid` (a diagram). */
import type { GenuiCodeNode, GenuiMermaidNode } from "@/lib/genui";
import { CodeView } from "../../widgets/code-view/code-view";
import { MermaidDiagram } from "../../widgets/mermaid-diagram/mermaid-diagram";
import { useGenuiPanel } from "../panel-context";

/** `code`: a monospaced excerpt, highlighted for the languages we ship grammars for and plain otherwise. */
export function CodeNode({ node }: { node: GenuiCodeNode }) {
  return <CodeView code={node.code} language={node.lang} />;
}

/**
 * `mermaid`: drawn only once the fence is complete (a half-streamed diagram
 * would flash errors at every chunk); until then its source shows.
 */
export function MermaidNode({ node }: { node: GenuiMermaidNode }) {
  const { streaming } = useGenuiPanel();
  return <MermaidDiagram source={node.code} complete={!streaming} />;
}
