/** The catalog's public exports: components, groups, the texts a model reads and the Markdown fallback. */
export {
  isUiComponent,
  UI_CATALOG,
  UI_CATALOG_VERSION,
  UI_COMPONENT_NAMES,
  UI_FENCE_LANGUAGE,
  UiToneSchema,
  type UiComponentName,
  type UiProps,
  type UiTone,
} from "./catalog";
export { UI_GROUP_NAMES, type UiCatalogEntry, type UiChildRule, type UiGroupName } from "./entry";
export { UI_GROUPS, type UiGroup } from "./groups";
export {
  UI_SESSION_NOTE_MAX_CHARACTERS,
  uiCatalogText,
  uiCompactCatalog,
  uiReferenceText,
  uiSessionNote,
  uiTextExamples,
  type UiTextCatalog,
} from "./text";
export {
  UI_FALLBACK_MAX_CHARACTERS,
  UI_FALLBACK_PLACEHOLDER,
  UI_FALLBACK_TABLE_ROWS,
  uiBlockFallback,
  uiFallbackText,
  type UiFallbackNode,
  type UiFallbackOptions,
} from "./fallback";
export { UI_PROP_LIMITS } from "./prop-limits";
export { uiChecklistAccepts, uiChecklistItem, uiChecklistItems, uiChecklistToggle, type UiChecklistItem } from "./checklist-items";
export { uiChartMarkProblem, uiChartMarks, type UiChartMark } from "./chart-marks";
export { uiGraph, uiGraphEdgeProblem, uiGraphNodeProblem, type UiGraph, type UiGraphEdge, type UiGraphNode } from "./graph-items";
export { UiHrefSchema } from "./prop-schemas";
