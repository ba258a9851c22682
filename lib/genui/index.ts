/**
 * The GenUI JSON dialect: the `render_ui` tool's spec and the octo-ui fence,
 * their schemas and caps, the parser that clamps and reports, the action
 * envelope, the panel rules, and the pure functions the renderer calls.
 * Framework-free: zod only.
 */
export { GENUI_BUDGETS, GENUI_LIMITS, GENUI_SCAN_LIMITS, type GenuiLimitName } from "./limits";
export { GENUI_DIAGNOSTIC_MESSAGES, genuiDiagnosticMessage, type GenuiDiagnosticCode } from "./diagnostics/codes";
export { GenuiDiagnosticSchema, type GenuiDiagnostic } from "./diagnostics/diagnostic";
export {
  GenuiConditionSchema,
  GenuiConditionValueSchema,
  GenuiFieldNameSchema,
  GenuiFieldValuesSchema,
  type GenuiCondition,
  type GenuiConditionValue,
  type GenuiFieldValue,
  type GenuiFieldValues,
} from "./schema/condition";
export {
  GenuiBadgeNodeSchema,
  GenuiButtonNodeSchema,
  GenuiCalloutNodeSchema,
  GenuiCardNodeSchema,
  GenuiCheckboxNodeSchema,
  GenuiCodeNodeSchema,
  GenuiCollapsibleNodeSchema,
  GenuiColNodeSchema,
  GenuiDividerNodeSchema,
  GenuiInputNodeSchema,
  GenuiJsonValueSchema,
  GenuiKeyValueNodeSchema,
  GenuiLinkNodeSchema,
  GenuiListNodeSchema,
  GenuiMermaidNodeSchema,
  GenuiNodeSchema,
  GenuiNumberNodeSchema,
  GenuiOptionSchema,
  GenuiPayloadSchema,
  GenuiPlotKindSchema,
  GenuiPlotNodeSchema,
  GenuiPlotPointSchema,
  GenuiPlotSeriesSchema,
  GenuiProgressNodeSchema,
  GenuiQuizNodeSchema,
  GenuiRadioNodeSchema,
  GenuiRowNodeSchema,
  GenuiSelectNodeSchema,
  GenuiSliderNodeSchema,
  GenuiStatNodeSchema,
  GenuiSwitchNodeSchema,
  GenuiTabSchema,
  GenuiTableCellSchema,
  GenuiTableNodeSchema,
  GenuiTableRowsSchema,
  GenuiTabsNodeSchema,
  GenuiTextareaNodeSchema,
  GenuiTextNodeSchema,
  GenuiToneSchema,
  type GenuiBadgeNode,
  type GenuiButtonNode,
  type GenuiCalloutNode,
  type GenuiCardNode,
  type GenuiCheckboxNode,
  type GenuiCodeNode,
  type GenuiCollapsibleNode,
  type GenuiColNode,
  type GenuiControlNode,
  type GenuiDividerNode,
  type GenuiInputNode,
  type GenuiJsonValue,
  type GenuiKeyValueNode,
  type GenuiLinkNode,
  type GenuiListNode,
  type GenuiMermaidNode,
  type GenuiNode,
  type GenuiNodeType,
  type GenuiNumberNode,
  type GenuiOption,
  type GenuiPlotKind,
  type GenuiPlotNode,
  type GenuiPlotSeries,
  type GenuiProgressNode,
  type GenuiQuizNode,
  type GenuiRadioNode,
  type GenuiRowNode,
  type GenuiSelectNode,
  type GenuiSliderNode,
  type GenuiStatNode,
  type GenuiSwitchNode,
  type GenuiTab,
  type GenuiTableCell,
  type GenuiTableNode,
  type GenuiTabsNode,
  type GenuiTextareaNode,
  type GenuiTextNode,
  type GenuiTone,
} from "./schema/nodes";
export { GENUI_PANEL_ID_PATTERN, GenuiPanelIdSchema, GenuiSpecSchema, type GenuiSpec, type GenuiSurface } from "./schema/spec";
export { GENUI_NODE_CATALOG, GENUI_NODE_SCHEMAS, isGenuiNodeType, isInteractiveNodeType, type GenuiCatalogEntry } from "./schema/catalog";
export { forEachGenuiNode } from "./schema/walk-nodes";
export { parseGenuiSpec, type GenuiParseResult, type ParseGenuiSpecOptions } from "./parse/parse-genui-spec";
export { checkLinkHref, GENUI_LINK_PROTOCOLS, type LinkHrefCheck } from "./parse/link-href";
export { genuiLint } from "./lint/genui-lint";
export { extractGenuiFences, GENUI_FENCE_LANGUAGE, type GenuiFence, type GenuiTextRange } from "./fence/extract-genui-fences";
export { scanJson, type JsonScan } from "./fence/scan-json";
export { genuiFallbackText, genuiReplyFallback } from "./fence/genui-fallback";
export { UI_ACTION_PREFIX, UiActionSchema, type UiAction } from "./action/ui-action";
export { formatUiAction, type UiActionInput } from "./action/format-ui-action";
export { parseUiAction } from "./action/parse-ui-action";
export { genuiActionFields } from "./action/action-fields";
export { emptyPanelState, GenuiPanelStateSchema, type GenuiPanelState } from "./panel/panel-state";
export { carryPanelState } from "./panel/carry-panel-state";
export { isSilentPanelUpdate } from "./panel/is-silent-panel-update";
export { genuiFieldValue } from "./interaction/field-value";
export { genuiControlValue } from "./interaction/control-value";
export { genuiCellText } from "./interaction/cell-text";
export { isVisible } from "./interaction/is-visible";
export { missingRequiredFields, type GenuiMissingField, type MissingRequiredOptions } from "./interaction/missing-required";
export { filterRows } from "./interaction/filter-rows";
export { nextSortDirection, sortRows, type GenuiSortDirection } from "./interaction/sort-rows";
export { plotAxis, type GenuiPlotAxis } from "./interaction/plot-axis";
export { scoreQuiz, type GenuiQuizScore } from "./interaction/score-quiz";
export { genuiGuideText, GENUI_GUIDE_FENCE_EXAMPLE, GENUI_GUIDE_TOOL_EXAMPLE } from "./guide/genui-guide-text";
export { RenderUiInputSchema, type RenderUiInput } from "./tool/render-ui-input";
