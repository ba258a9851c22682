"use client";
/** `tabs`: tabbed sections (the WAI-ARIA tabs pattern, automatic activation). */
import { useRef, type KeyboardEvent } from "react";
import type { GenuiTabsNode } from "@/lib/genui";
import styles from "../genui.module.css";
import { GenuiNodeList } from "../genui-node-list";
import { useGenuiPanel } from "../panel-context";

/**
 * A tab list and the selected tab's panel. The selection lives in the panel
 * state under this node's path. Keyboard: Left/Right move (wrapping),
 * Home/End jump; focus follows and selects. Only the selected tab is in the
 * tab order, its panel is focusable next. Fields inside other tabs keep
 * their values, which belong to the panel, not to the drawn controls.
 */
export function TabsNode({ node, path }: { node: GenuiTabsNode; path: string }) {
  const { state, setTab, elementId } = useGenuiPanel();
  const tabButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const count = node.tabs.length;
  if (count === 0) return null;
  const stored = Object.hasOwn(state.tabs, path) ? state.tabs[path] : undefined;
  const selected = stored !== undefined && stored < count ? stored : 0;
  const tabId = (index: number) => elementId(path, `tab-${index}`);
  const panelId = (index: number) => elementId(path, `panel-${index}`);

  const select = (index: number) => {
    setTab(path, index);
    tabButtons.current[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, number> = { ArrowRight: selected + 1, ArrowLeft: selected - 1, Home: 0, End: count - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select((target + count) % count);
  };

  return (
    <div className={styles.tabs}>
      <div role="tablist" className={styles.tabList} aria-orientation="horizontal">
        {node.tabs.map((tab, index) => (
          <button
            key={index}
            ref={(element) => {
              tabButtons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(index)}
            className={styles.tab}
            aria-selected={index === selected}
            aria-controls={panelId(index)}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => select(index)}
            onKeyDown={onKeyDown}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {node.tabs.map((tab, index) =>
        // Every tab has its panel element (aria-controls must point somewhere); only the selected one draws its nodes.
        index === selected ? (
          <div key={index} role="tabpanel" id={panelId(index)} aria-labelledby={tabId(index)} tabIndex={0} className={styles.tabPanel}>
            <GenuiNodeList nodes={tab.children} path={`${path}.tabs[${index}].children`} bare />
          </div>
        ) : (
          <div key={index} role="tabpanel" id={panelId(index)} aria-labelledby={tabId(index)} hidden />
        ),
      )}
    </div>
  );
}
