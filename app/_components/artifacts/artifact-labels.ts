/** Words the panel uses for an artifact's kind. */
import type { ArtifactKind } from "@/lib/artifacts/artifact-kind";

/** The kind as a person reads it. */
export const ARTIFACT_KIND_LABELS: Readonly<Record<ArtifactKind, string>> = {
  markdown: "Document",
  html: "Page",
  svg: "Image",
  code: "Code",
  csv: "CSV data",
  json: "JSON data",
  text: "Text",
};
