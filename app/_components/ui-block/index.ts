/** The renderer of compiled ```ui blocks: `UiBlockView` and the registry it draws with. */
export { UiBlockView, type UiBlockViewProps } from "./ui-block-view";
export { UI_RENDERERS } from "./registry";
export type { UiChoiceHandler, UiRenderer, UiRendererProps, UiResolveLink } from "./render-context";
