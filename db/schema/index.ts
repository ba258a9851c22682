/** Every table of the app, as drizzle and drizzle-kit see them. */
export {
  ARTIFACT_VERSION_TOOLS,
  artifacts,
  artifactVersions,
  type Artifact,
  type ArtifactVersion,
  type ArtifactVersionTool,
} from "./artifacts";
export { ATTACHMENT_MEDIA_TYPES, attachments, type Attachment, type AttachmentMediaType } from "./attachments";
export { accounts, sessions, users, verifications, USER_ROLES, type User, type UserRole } from "./auth";
export {
  CHAT_PURPOSES,
  chatBusPayloads,
  chats,
  messages,
  panels,
  preambles,
  replyCheckpoints,
  MESSAGE_KINDS,
  MESSAGE_ROLES,
  MESSAGE_STATUSES,
  type Chat,
  type ChatPurpose,
  type Message,
  type MessageKind,
  type MessageRole,
  type Panel,
  type Preamble,
  type MessageStatus,
} from "./chat";
export type { JsonValue } from "./json";
export {
  DEMO_PROJECT_ID,
  PROJECT_ROLES,
  projectCommits,
  projectDiffs,
  projectFiles,
  projectMembers,
  projectNodes,
  projects,
  projectTestRuns,
  type Project,
  type ProjectCommit,
  type ProjectDiff,
  type ProjectFile,
  type ProjectMember,
  type ProjectNode,
  type ProjectRole,
  type ProjectTestRun,
} from "./project";
export {
  BUILD_STATUSES,
  INCIDENT_SEVERITIES,
  INCIDENT_STATUSES,
  projectBuilds,
  projectIncidents,
  projectMetrics,
  projectNodeEdges,
  projectReleases,
  type ProjectBuild,
  type ProjectIncident,
  type ProjectMetric,
  type ProjectNodeEdge,
  type ProjectRelease,
} from "./project-activity";
export {
  adminAuditEvents,
  adminRecompileChanges,
  adminRecompileRuns,
  AUDIT_ACTIONS,
  RECOMPILE_RUN_STATUSES,
  type AdminAuditEvent,
  type AdminRecompileChange,
  type AdminRecompileRun,
  type AuditAction,
  type RecompileRunStatus,
} from "./admin";
export {
  COMPARE_PANE_STATUSES,
  COMPARE_VOTE_KINDS,
  comparePanes,
  compareRuns,
  compareShares,
  compareVotes,
  type ComparePane,
  type ComparePaneStatus,
  type CompareRun,
  type CompareShare,
  type CompareVoteKind,
  type CompareVoteRow,
} from "./compare";
export { THEME_PREFERENCES, userPreferences, type ThemePreference, type UserPreferencesRow } from "./preferences";
export { HOST_ACTION_KINDS, HOST_ACTION_STATUSES, hostActions, projectIssues, type HostActionRow, type HostActionStatus, type ProjectIssue } from "./host-actions";
