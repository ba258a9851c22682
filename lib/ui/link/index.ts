/** Host-link targets of a block and the host's answer for each. */
export { uiLinkTargets, UiLinkTargetEntrySchema, type UiLinkTargetEntry } from "./link-targets";
export { uiValidatedState } from "./validated-state";
export {
  isUiChipPresentation,
  uiCellNodeId,
  uiCellTarget,
  uiNodesNameLinks,
  uiTableCellTargets,
  UI_CHIP_CELL_ROWS,
  UI_CHIP_PRESENTATIONS,
  type UiCellTarget,
  type UiChipPresentation,
} from "./cell-targets";
export {
  UI_LINK_COMPONENTS,
  UI_LINK_TARGET_LIMITS,
  UiCommitTargetSchema,
  UiDiffTargetSchema,
  UiFileTargetSchema,
  UiLinkTargetSchema,
  UiNodeTargetSchema,
  type UiLinkTarget,
} from "./target";
export {
  isUiSafeHref,
  UI_LINK_RESOLUTION_LIMITS,
  UiLinkNavigationSchema,
  UiLinkResolutionSchema,
  type UiLinkNavigation,
  type UiLinkResolution,
} from "./resolution";
