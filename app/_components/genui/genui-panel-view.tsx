"use client";
/**
 * `GenuiPanelView`: one GenUI panel — a `render_ui` tool card or an octo-ui
 * fence — drawn from a spec that came over the wire. The spec is validated
 * and clamped again here with `parseGenuiSpec` (the browser never trusts the
 * wire) and only the parser's fresh output is rendered. Interaction resolves
 * in the browser: fields, tabs and folds live in a `GenuiPanelState` that the
 * host may own (to store it per panel id) or leave to the panel.
 */
import { useId, useMemo } from "react";
import {
  genuiActionFields,
  missingRequiredFields,
  parseGenuiSpec,
  type GenuiButtonNode,
  type GenuiPanelState,
  type GenuiSurface,
  type UiAction,
} from "@/lib/genui";
import { Fallback } from "../widgets/fallback/fallback";
import styles from "./genui.module.css";
import { GenuiNodeList } from "./genui-node-list";
import { nodeElementId } from "./node-id";
import { arrivingNodePaths, GenuiPanelContext, type GenuiPanelContextValue } from "./panel-context";
import { usePanelState } from "./use-panel-state";

/** No node is being written: the fence is closed. */
const NOTHING_ARRIVING: ReadonlySet<string> = new Set();

/** Which button fired: its node path in the spec (`items[2].children[0]`), the same path `forEachGenuiNode` gives. */
export type GenuiActionSource = { button: string };

/** Props of `GenuiPanelView`. */
export type GenuiPanelViewProps = {
  /** The spec as received (a tool argument, a fence's JSON, a stored value): anything; it is parsed here. */
  spec: unknown;
  /** `tool`: a read-only card (interactive nodes are dropped); `fence`: every node type. */
  surface: GenuiSurface;
  /** True while the reply is still streaming this fence: diagrams wait for the complete source, buttons stay off. */
  streaming?: boolean;
  /** The panel's stored interaction state; absent, the panel keeps its own. */
  state?: GenuiPanelState;
  /** Called with the whole next state on every change (store it per panel id to restore it after a reload). */
  onStateChange?: (next: GenuiPanelState) => void;
  /**
   * Called when a button fires, with the envelope it stands for and the
   * button's path; absent, buttons are disabled. A chat sends the path and
   * the fields, never the envelope: its server writes the envelope from the
   * stored spec.
   */
  onAction?: (action: UiAction, source: GenuiActionSource) => void;
  /** Paths of the buttons already sent from this version of the spec (the chat knows them from its thread): they show it and send nothing. */
  sentButtons?: ReadonlySet<string>;
};

const NO_BUTTONS_SENT: ReadonlySet<string> = new Set();

/** Words of the fallback shown when a spec has nothing to render. */
const NOTHING_TO_RENDER = "This panel could not be shown.";

/** Draws a GenUI spec; see `GenuiPanelViewProps`. */
export function GenuiPanelView({ spec, surface, streaming = false, state, onStateChange, onAction, sentButtons = NO_BUTTONS_SENT }: GenuiPanelViewProps) {
  const parsed = useMemo(() => parseGenuiSpec(spec, { surface }), [spec, surface]);
  const panelState = usePanelState({ state, onStateChange });
  const idPrefix = `genui${useId().replace(/[^A-Za-z0-9_-]/g, "")}`;
  const clean = parsed.spec;

  const context = useMemo<GenuiPanelContextValue>(() => {
    const sendAction =
      onAction === undefined || clean === null || surface !== "fence"
        ? undefined
        : (button: GenuiButtonNode, path: string) => {
            const action: UiAction = {
              action: button.action,
              fields: genuiActionFields(clean, panelState.state.fields),
              payload: button.payload ?? {},
            };
            onAction(clean.id === undefined ? action : { panel: clean.id, ...action }, { button: path });
          };
    const elementId = (path: string, part: string) => nodeElementId({ idPrefix, path, part });
    const touched = panelState.state.fields;
    const missingRequired = clean === null ? [] : missingRequiredFields(clean, { touched, values: genuiActionFields(clean, touched) });
    const arriving = streaming && clean !== null ? arrivingNodePaths(clean.items) : NOTHING_ARRIVING;
    return { ...panelState, surface, streaming, sendAction, sentButtons, missingRequired, elementId, arriving };
  }, [panelState, surface, streaming, onAction, clean, idPrefix, sentButtons]);

  if (clean === null) {
    return <Fallback title={NOTHING_TO_RENDER} diagnostics={parsed.diagnostics.map((diagnostic) => diagnostic.message)} />;
  }
  const headingId = `${idPrefix}-title`;
  return (
    <GenuiPanelContext.Provider value={context}>
      <section
        className={styles.panel}
        data-surface={surface}
        data-panel-id={clean.id}
        aria-labelledby={clean.title !== undefined ? headingId : undefined}
        aria-label={clean.title === undefined ? (surface === "tool" ? "Tool result" : "Interactive panel") : undefined}
        aria-busy={streaming || undefined}
      >
        {clean.title !== undefined ? (
          <h3 id={headingId} className={styles.panelHeading}>
            {clean.title}
          </h3>
        ) : null}
        {/* While the fence streams nothing in it can be used: its fields are not all there yet. A tool card holds no controls. */}
        {surface === "fence" ? (
          <fieldset className={styles.controls} disabled={streaming}>
            <GenuiNodeList nodes={clean.items} path="items" />
          </fieldset>
        ) : (
          <GenuiNodeList nodes={clean.items} path="items" />
        )}
        {streaming ? (
          <p className={styles.streamingNote} data-streaming="">
            Still arriving…
          </p>
        ) : null}
      </section>
    </GenuiPanelContext.Provider>
  );
}
