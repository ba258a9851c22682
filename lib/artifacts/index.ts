/**
 * Artifacts: the `write_file` / `edit_file` / `show_artifact` tools, artifact
 * paths, kinds, content and caps, exact edits, the line diff, tables of CSV
 * and JSON, the chips replies keep, what the routes answer and the headers
 * they answer with. `reply-tools` and `artifact-access` are server-only;
 * browser code imports the concrete files it needs, never this index.
 */
export { applyArtifactEdits, ArtifactEditSchema, type ApplyEditsResult, type ArtifactEdit } from "./apply-edits";
export { listChatArtifacts, parseVersionNumber, readArtifactDetail, readArtifactVersion } from "./artifact-access";
export { artifactCardOf, artifactCardOfPart, ArtifactCardSchema, artifactErrorCardOf, ArtifactVersionRefSchema, type ArtifactCard, type ArtifactToolResult, type ArtifactVersionRef } from "./artifact-card";
export { checkArtifactContent, formatBytes, utf8ByteLength, type ArtifactContentCheck } from "./artifact-content";
export { ARTIFACT_KIND_NOTES, ARTIFACT_KINDS, artifactContentType, artifactExtension, ArtifactKindSchema, inferArtifactKind, type ArtifactKind } from "./artifact-kind";
export { ArtifactDetailSchema, ArtifactListSchema, artifactPaths, ArtifactSummarySchema, ArtifactVersionInfoSchema, type ArtifactDetail, type ArtifactList, type ArtifactSummary, type ArtifactVersionInfo } from "./artifact-listing";
export { artifactNameSkeleton, lookAlikeArtifactPath } from "./artifact-name-skeleton";
export { artifactFileName, checkArtifactPath, type ArtifactPathCheck } from "./artifact-path";
export { ARTIFACT_PAGE_GUARD, ARTIFACT_PAGE_REFUSED_TAGS, ARTIFACT_PAGE_REMOVED_GLOBALS } from "./artifact-page-guard";
export { ARTIFACT_PAGE_SCRIPT_LIMIT, artifactPageDocument, type ArtifactPageDocument } from "./artifact-page-document";
export { ARTIFACT_DOWNLOAD_POLICY, ARTIFACT_PAGE_ERROR_POLICY, ARTIFACT_ROUTE_HEADERS, ARTIFACT_ROUTE_SOURCES, artifactDownloadResponse, artifactPagePolicy, artifactPageResponse, contentDisposition, withArtifactPageErrorPolicy } from "./artifact-responses";
export {
  ARTIFACT_TOOL_DEFINITIONS,
  ARTIFACT_TOOL_NAMES,
  ArtifactToolNameSchema,
  EditFileInputSchema,
  isArtifactToolName,
  ShowArtifactInputSchema,
  WriteFileInputSchema,
  type ArtifactToolDefinition,
  type ArtifactToolName,
  type EditFileInput,
  type ShowArtifactInput,
  type WriteFileInput,
} from "./artifact-tools";
export { artifactsGuideText, type GuideArtifact } from "./artifacts-guide-text";
export { ARTIFACT_LIMITS } from "./limits";
export { diffLines, DIFF_MAX_EDITS, splitLines, type DiffLine, type LineDiff } from "./line-diff";
export { artifactReplyKit, artifactReplyTools, editArtifactFile, showArtifact, writeArtifactFile, type ArtifactScope } from "./reply-tools";
export { csvTable, jsonTable, parseCsv, TABLE_MAX_COLUMNS, TABLE_MAX_ROWS, type TableColumn, type TableData } from "./table-data";
