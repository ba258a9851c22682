/** The project model's read side: query sources, authorization, link resolution and the demo project. */
export { authorizeProject, NOT_A_MEMBER_MESSAGE } from "./authorize-project";
export { answerBlockLinks, BlockLinksRequestSchema, LINK_TARGETS_PER_REQUEST, type BlockLinksAnswer } from "./block-links";
export { answerBlockQuery, BlockQueryRequestSchema, REPLACED_QUERY_MESSAGE, type BlockQueryAnswer, type BlockQueryRequest } from "./block-query";
export { ensureDemoProject } from "./demo/seed-demo-project";
export { demoProjectSeed, loadDemoProject } from "./demo/load-demo-project";
export { projectCommitHref, projectDiffHref, projectFileHref, projectHref, projectNodeHref } from "./project-paths";
export { PROJECT_QUERY_SCHEMAS, PROJECT_QUERY_SOURCES, projectQuerySource, type ProjectQuerySource } from "./query-sources";
export { resolveLinkTarget, targetLabel } from "./resolve-link-target";
export { QUERY_TIME_LIMIT_MS, runProjectQuery, type ProjectQueryResult } from "./run-project-query";
export { loadStoredBlock, type StoredBlock } from "./stored-block";
