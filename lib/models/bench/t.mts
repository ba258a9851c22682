import { buildSystemPrompt } from "@/lib/models/system-prompt";
import { PROJECT_QUERY_SCHEMAS } from "@/lib/project/query-sources";
import { artifactsGuideText } from "@/lib/artifacts/artifacts-guide-text";
const detail = process.argv[2] as "full";
console.log(buildSystemPrompt({ detail, querySchemas: PROJECT_QUERY_SCHEMAS, artifactsGuide: artifactsGuideText([], { detail }) }));
