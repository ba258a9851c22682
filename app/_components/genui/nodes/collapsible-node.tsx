"use client";
/** `collapsible`: a foldable section (the WAI-ARIA disclosure pattern). */
import type { GenuiCollapsibleNode } from "@/lib/genui";
import styles from "../genui.module.css";
import { GenuiNodeList } from "../genui-node-list";
import { useGenuiPanel } from "../panel-context";

/**
 * A heading whose button folds the section. `open` seeds the first render
 * only; once the user toggles, the fold state under this node's path wins
 * (and survives a reload through the panel state).
 */
export function CollapsibleNode({ node, path }: { node: GenuiCollapsibleNode; path: string }) {
  const { state, setFold, elementId } = useGenuiPanel();
  const open = Object.hasOwn(state.folds, path) ? state.folds[path] === true : node.open === true;
  const bodyId = elementId(path, "body");
  return (
    <div className={styles.collapsible}>
      <h4 className={styles.collapsibleHeading}>
        <button type="button" className={styles.collapsibleToggle} aria-expanded={open} aria-controls={bodyId} onClick={() => setFold(path, !open)}>
          <span className={styles.collapsibleMarker} aria-hidden="true">
            ▸
          </span>
          {node.title}
        </button>
      </h4>
      <div id={bodyId} className={styles.collapsibleBody} hidden={!open}>
        {open ? <GenuiNodeList nodes={node.children} path={`${path}.children`} /> : null}
      </div>
    </div>
  );
}
