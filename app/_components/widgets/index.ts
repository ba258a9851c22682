/** Shared widgets of both dialects' renderers and the chat: tables, charts, diagrams, code, Markdown, fallbacks, figures. */
export { Chart, CHART_DEFAULT_HEIGHT, chartMarkText, chartSummary, type ChartProps } from "./chart/chart";
export {
  CHART_MAX_MARKS,
  CHART_MAX_POINTS,
  CHART_MAX_SERIES,
  chartData,
  chartMarks,
  type ChartDrawnSeries,
  type ChartKind,
  type ChartMark,
  type ChartRow,
  type ChartSeries,
} from "./chart/chart-data";
export { CodeView, type CodeViewProps } from "./code-view/code-view";
export { codeLanguage, HIGHLIGHT_MAX_CHARACTERS } from "./code-view/highlight-code";
export { DATA_TABLE_PAGE_ROWS, DataTable, type DataTableColumn, type DataTableProps } from "./data-table/data-table";
export { dataTableCellText, type DataTablePresentation } from "./data-table/cell-text";
export {
  nextTableSort,
  sortTableRows,
  type DataTableRow,
  type DataTableSort,
  type DataTableSortDirection,
} from "./data-table/sort-table-rows";
export { Fallback, type FallbackProps } from "./fallback/fallback";
export { formatNumber, formatSignedNumber } from "./format/format-number";
export { GRAPH_LABEL_CHARACTERS, GraphDiagram, graphSummary, type GraphDiagramEdge, type GraphDiagramNode, type GraphDiagramProps } from "./graph/graph-diagram";
export {
  GRAPH_MAX_EDGES,
  GRAPH_MAX_NODES,
  GRAPH_NODE_HEIGHT,
  GRAPH_NODE_WIDTH,
  graphLayout,
  type GraphDirection,
  type GraphLayout,
  type GraphLayoutEdge,
  type GraphLayoutNode,
} from "./graph/graph-layout";
export { Markdown, markdownUrlTransform, type MarkdownProps } from "./markdown/markdown";
export { MermaidDiagram, type MermaidDiagramProps } from "./mermaid-diagram/mermaid-diagram";
export { MERMAID_MAX_SOURCE_CHARACTERS } from "./mermaid-diagram/mermaid-config";
export { ProgressBar, type ProgressBarProps } from "./progress-bar/progress-bar";
export { ExternalLink, type ExternalLinkProps } from "./safe-link/external-link";
export { isAppPath, PROSE_SCHEMES, safeHref, WEB_SCHEMES, type SafeHrefScheme } from "./safe-link/safe-href";
export { StatCard, type StatCardProps } from "./stat-card/stat-card";
export { useColorScheme, type ColorScheme } from "./theme/use-color-scheme";
export { isWidgetTone, WIDGET_TONE_SIGNS, WIDGET_TONES, type WidgetTone } from "./tone/tone";
export { ToneBadge, type ToneBadgeProps } from "./tone-badge/tone-badge";
