"use client";

/** Renderers of the catalog's Structure group: Tabs, Tab, Sections, Section (WAI-ARIA tabs and disclosures). */
import { useId, useRef, useState, type KeyboardEvent } from "react";
import type { UiComponentName } from "@/lib/ui/catalog";
import { flagProp, textProp } from "../node-props";
import type { UiRenderer, UiRendererProps } from "../render-context";
import { UiChildren, UiNodeView } from "../ui-node-view";
import styles from "./renderers.module.css";

/**
 * Tabs after the WAI-ARIA tabs pattern: a tablist of buttons with roving
 * focus (arrow keys, Home, End select and focus a tab), one tabpanel shown.
 * The selected tab survives streaming updates (it is keyed by node id).
 */
function Tabs({ node }: UiRendererProps) {
  const baseId = useId();
  const tabs = node.children.filter((child) => child.type === "Tab");
  const others = node.children.filter((child) => child.type !== "Tab");
  const [selectedId, setSelectedId] = useState<string | undefined>(undefined);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const selectedIndex = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === selectedId),
  );

  const select = (index: number) => {
    const tab = tabs[index];
    if (!tab) return;
    setSelectedId(tab.id);
    buttons.current.get(tab.id)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = tabs.length - 1;
    let next: number | undefined;
    if (event.key === "ArrowRight") next = selectedIndex === last ? 0 : selectedIndex + 1;
    else if (event.key === "ArrowLeft") next = selectedIndex === 0 ? last : selectedIndex - 1;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = last;
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };

  return (
    <div className={styles.tabs}>
      <div className={styles.tabList} role="tablist" aria-orientation="horizontal" onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => {
          const selected = index === selectedIndex;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) buttons.current.set(tab.id, element);
                else buttons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${index}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${index}`}
              tabIndex={selected ? 0 : -1}
              className={styles.tab}
              onClick={() => select(index)}
            >
              {textProp(tab, "label") ?? `Tab ${index + 1}`}
            </button>
          );
        })}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${index}`}
          aria-labelledby={`${baseId}-tab-${index}`}
          tabIndex={0}
          hidden={index !== selectedIndex}
          className={styles.tabPanel}
        >
          <UiNodeView node={tab} />
        </div>
      ))}
      {others.map((child) => (
        <UiNodeView key={child.id} node={child} />
      ))}
    </div>
  );
}

/** A tab's content (its label is drawn by `Tabs`). */
function Tab({ node }: UiRendererProps) {
  return (
    <div className={styles.stack}>
      <UiChildren nodes={node.children} />
    </div>
  );
}

/** Collapsible sections stacked vertically. */
function Sections({ node }: UiRendererProps) {
  return (
    <div className={styles.sections}>
      <UiChildren nodes={node.children} />
    </div>
  );
}

/**
 * One section after the WAI-ARIA disclosure pattern: a heading holding a
 * button with `aria-expanded` that shows or hides the content. `open` sets
 * the first state only; then it is the reader's.
 */
function Section({ node }: UiRendererProps) {
  const contentId = useId();
  const [open, setOpen] = useState(() => flagProp(node, "open"));
  return (
    <div className={styles.section} data-open={open}>
      <h3 className={styles.sectionHeading}>
        <button
          type="button"
          className={styles.sectionButton}
          aria-expanded={open}
          aria-controls={contentId}
          onClick={() => setOpen((current) => !current)}
        >
          <span className={styles.sectionArrow} aria-hidden="true">
            {open ? "▾" : "▸"}
          </span>
          {textProp(node, "title") ?? "Section"}
        </button>
      </h3>
      <div id={contentId} className={styles.sectionContent} hidden={!open}>
        <UiChildren nodes={node.children} />
      </div>
    </div>
  );
}

/** The Structure group's renderers. */
export const STRUCTURE_RENDERERS = { Tabs, Tab, Sections, Section } satisfies Partial<Record<UiComponentName, UiRenderer>>;
