"use client";

/** Renderers of the catalog's Data group: Stats, Stat, EntityList, Entry, Table, Column, Chart. */
import type { UiComponentName } from "@/lib/ui/catalog";
import { uiChartMarks } from "@/lib/ui/catalog/chart-marks";
import type { UiViewNode } from "@/lib/ui/evaluate";
import { isUiChipPresentation, uiCellNodeId, type UiChipPresentation } from "@/lib/ui/link";
import { useMemo, type ReactNode } from "react";
import { Chart } from "../../widgets/chart/chart";
import { DataTable, type DataTableColumn } from "../../widgets/data-table/data-table";
import type { DataTablePresentation } from "../../widgets/data-table/cell-text";
import { StatCard } from "../../widgets/stat-card/stat-card";
import { WIDGET_TONE_SIGNS } from "../../widgets/tone/tone";
import toneStyles from "../../widgets/tone/tone.module.css";
import { flagProp, numberProp, recordsProp, textListProp, textProp, toneProp } from "../node-props";
import { HostDataNote, HostValue, useHostDataLabel, useTypedBesideHostData } from "../host-data-mark";
import { useUiRenderContext, type UiRenderer, type UiRendererProps } from "../render-context";
import { LiveFailure, useLiveDataState } from "../live-data-part";
import { HostLinkCell } from "./host-links";
import { UiChildren, UiListChildren, UiNodeView } from "../ui-node-view";
import styles from "./renderers.module.css";

/** Columns shown for a table that names none: a screen's width. */
export const TABLE_INFERRED_COLUMNS = 8;

/** A row of key figures. */
function Stats({ node }: UiRendererProps) {
  return (
    <div className={styles.stats}>
      <UiChildren nodes={node.children} />
    </div>
  );
}

/** One key figure; a null value (a query still loading) is drawn as "—" by the card. */
function Stat({ node }: UiRendererProps) {
  const live = useLiveDataState(node);
  const value = node.props.value;
  const delta = node.props.delta;
  const better = textProp(node, "better");
  const hostData = useHostDataLabel(node, "value");
  const typed = useTypedBesideHostData(node, "value");
  if (live !== null) return <StatCard label={textProp(node, "label") ?? ""} value={null} waiting={live.kind === "failed" ? "failed" : "loading"} />;
  return (
    <StatCard
      {...(hostData !== undefined ? { hostData } : {})}
      unverified={typed}
      label={textProp(node, "label") ?? ""}
      value={typeof value === "number" || typeof value === "string" ? value : null}
      unit={textProp(node, "unit")}
      delta={typeof delta === "number" || typeof delta === "string" ? delta : undefined}
      tone={toneProp(node)}
      better={better === "higher" || better === "lower" ? better : undefined}
    />
  );
}

/** A list of things. */
function EntityList({ node }: UiRendererProps) {
  const title = textProp(node, "title");
  return (
    <div className={styles.entityList}>
      {title ? <div className={styles.groupTitle}>{title}</div> : null}
      <ul className={styles.entries}>
        <UiListChildren nodes={node.children} itemType="Entry" />
      </ul>
    </div>
  );
}

/** One thing: title, subtitle, tone (icon and word), and text with host-link chips. */
function Entry({ node }: UiRendererProps) {
  const tone = toneProp(node);
  const subtitle = textProp(node, "subtitle");
  const hostTitle = useHostDataLabel(node, "title");
  const hostSubtitle = useHostDataLabel(node, "subtitle");
  return (
    <li className={`${styles.entry} ${tone ? toneStyles[tone] : ""}`} data-tone={tone}>
      <div className={styles.entryHead}>
        {tone ? (
          <span className={styles.entryTone} title={WIDGET_TONE_SIGNS[tone].word}>
            <span aria-hidden="true">{WIDGET_TONE_SIGNS[tone].icon}</span>
            <span className="visually-hidden">{`${WIDGET_TONE_SIGNS[tone].word}: `}</span>
          </span>
        ) : null}
        <span className={styles.entryTitle}>
          <HostValue label={hostTitle}>{textProp(node, "title") ?? ""}</HostValue>
        </span>
        {subtitle ? (
          <span className={styles.entrySubtitle}>
            <HostValue label={hostSubtitle}>{subtitle}</HostValue>
          </span>
        ) : null}
      </div>
      {node.children.length > 0 ? (
        <div className={styles.entryBody}>
          <UiChildren nodes={node.children} inline />
        </div>
      ) : null}
    </li>
  );
}

const PRESENTATIONS: readonly DataTablePresentation[] = ["text", "number", "percent", "date", "code", "tag"];

/** What a cell whose value is null or missing shows (a query still loading, a field a row lacks). */
export const TABLE_UNKNOWN_CELL = "—";

/** A table column with the `Column` node it came from (for chip cells' ids). */
type UiTableColumn = DataTableColumn & { node?: UiViewNode; chips?: UiChipPresentation };

/** A Column node as a DataTable column; chip presentations draw as text in the widget and as chips through `renderCell`. */
function tableColumn(node: UiViewNode): UiTableColumn | undefined {
  const field = textProp(node, "field");
  if (!field) return undefined;
  const presentation = textProp(node, "presentation");
  const column: UiTableColumn = { field, node };
  if (isUiChipPresentation(presentation)) column.chips = presentation;
  const title = textProp(node, "title");
  const unit = textProp(node, "unit");
  if (title !== undefined) column.title = title;
  if (unit !== undefined) column.unit = unit;
  if (presentation && (PRESENTATIONS as readonly string[]).includes(presentation)) {
    column.presentation = presentation as DataTablePresentation;
  }
  return column;
}

/** The fields of rows, in first-appearance order, up to `TABLE_INFERRED_COLUMNS`. */
function inferredColumns(rows: readonly Record<string, unknown>[]): DataTableColumn[] {
  const fields: string[] = [];
  for (const row of rows) {
    for (const field of Object.keys(row)) {
      if (!fields.includes(field)) fields.push(field);
      if (fields.length >= TABLE_INFERRED_COLUMNS) return fields.map((name) => ({ field: name }));
    }
  }
  return fields.map((name) => ({ field: name }));
}

/** A table of records, its columns from its `Column` children. */
function Table({ node }: UiRendererProps) {
  const { streaming, retryQuery } = useUiRenderContext();
  const live = useLiveDataState(node);
  // Rows computed before their query answered are not the table's rows: it waits, its header and title drawn.
  const waiting = live !== null;
  const arriving = (streaming && !node.complete) || live?.kind === "loading" || live?.kind === "unavailable";
  const rows = waiting ? NO_ROWS : recordsProp(node, "rows");
  // A column still arriving may have half its field name: it joins the header once whole.
  const columnNodes = node.children.filter((child) => child.type === "Column" && (child.complete || !arriving));
  const named = columnNodes.map(tableColumn).filter((column): column is UiTableColumn => column !== undefined);
  // Columns are read from the rows only once the table is whole: its `Column`s may still be on their way, and would replace them.
  const columns: readonly UiTableColumn[] = named.length > 0 || arriving ? named : inferredColumns(rows);
  const others = node.children.filter((child) => child.type !== "Column");
  const hostRows = useHostDataLabel(node, "rows");
  // Chip cells are resolved by their row's index in `rows` (the order `uiLinkTargets` lists them), whatever the sort or filter.
  const rowIndex = new Map<object, number>(rows.map((row, index) => [row, index]));
  const renderCell = (value: unknown, column: DataTableColumn, row: object): ReactNode | undefined => {
    if (value === null || value === undefined) return TABLE_UNKNOWN_CELL;
    const { chips, node: columnNode } = column as UiTableColumn;
    const index = rowIndex.get(row);
    if (!chips || !columnNode || index === undefined) return undefined;
    return <HostLinkCell cellId={uiCellNodeId(columnNode.id, index)} presentation={chips} value={value} />;
  };
  // An answer with no rows is a fact about the query's arguments, and says so.
  const emptyAnswer = !waiting && node.hostData?.rows !== undefined && rows.length === 0 && !arriving;
  const liveState = live?.kind === "failed" ? "failed" : waiting ? "loading" : emptyAnswer ? "empty" : undefined;
  return (
    <div className={styles.table} data-live-state={liveState}>
      <DataTable
        columns={columns}
        rows={rows}
        emptyText={live?.kind === "failed" ? NOT_LOADED_TEXT : emptyAnswer ? UI_EMPTY_ANSWER_TEXT : undefined}
        title={textProp(node, "title")}
        caption={textProp(node, "caption")}
        sortable={flagProp(node, "sortable")}
        filterable={flagProp(node, "filterable")}
        arriving={arriving}
        renderCell={renderCell}
      />
      {live?.kind === "failed" ? <LiveFailure state={live} inline={false} retry={retryQuery} /> : <HostDataNote label={hostRows} />}
      {others.map((child) => (
        <UiNodeView key={child.id} node={child} />
      ))}
    </div>
  );
}

/** What a table or chart over a query that answered with no rows says. */
export const UI_EMPTY_ANSWER_TEXT = "No rows for these arguments";

/** What a table or chart whose query failed says where its rows would be (the refusal itself follows, with Retry). */
const NOT_LOADED_TEXT = "Not loaded";

const NO_ROWS: readonly Record<string, unknown>[] = Object.freeze([]);

/** A column is drawn by its table. */
function Column() {
  return null;
}

/** A chart, with its reference marks. */
function ChartRenderer({ node }: UiRendererProps) {
  const { streaming, retryQuery } = useUiRenderContext();
  const live = useLiveDataState(node);
  const kind = textProp(node, "kind");
  const series = textListProp(node, "series");
  const hostRows = useHostDataLabel(node, "rows");
  // A new list on every render would defeat the chart's own memo of its marks.
  const marks = useMemo(() => uiChartMarks(node.props.marks), [node.props.marks]);
  if (live?.kind === "failed") {
    return (
      <div data-live-state="failed">
        {textProp(node, "title") ? <p className={styles.chartTitle}>{textProp(node, "title")}</p> : null}
        <LiveFailure state={live} inline={false} retry={retryQuery} />
      </div>
    );
  }
  const rows = live !== null ? NO_ROWS : recordsProp(node, "rows");
  // Only an answer with no rows is said to be one: rows with no numbers to draw keep the chart's own words.
  const emptyAnswer = live === null && node.hostData?.rows !== undefined && rows.length === 0;
  return (
    <div data-live-state={live !== null ? "loading" : emptyAnswer ? "empty" : undefined}>
      <Chart
        kind={kind === "line" || kind === "area" || kind === "pie" ? kind : "bar"}
        rows={rows}
        emptyText={emptyAnswer ? UI_EMPTY_ANSWER_TEXT : undefined}
        series={series?.map((field) => ({ field }))}
        title={textProp(node, "title")}
        unit={textProp(node, "unit")}
        stacked={flagProp(node, "stacked")}
        height={numberProp(node, "height")}
        arriving={(streaming && !node.complete) || live !== null}
        marks={marks}
      />
      <HostDataNote label={hostRows} />
    </div>
  );
}

/** The Data group's renderers. */
export const DATA_RENDERERS = {
  Stats,
  Stat,
  EntityList,
  Entry,
  Table,
  Column,
  Chart: ChartRenderer,
} satisfies Partial<Record<UiComponentName, UiRenderer>>;
