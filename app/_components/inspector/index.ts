/** A reply's inspector: every finding of its parts, in plain words, with the source marked. */
export { inspectReply, type InspectReplyInput, type InspectorFinding, type InspectorGroup, type ReplyInspection } from "./inspect-reply";
export { InspectorScope, useReportBlockDiagnostics } from "./inspector-scope";
export { ReplyInspector, type ReplyInspectorProps } from "./reply-inspector";
