"use client";

/**
 * Renderers of the catalog's Local inputs group: Checklist, Item, Switch,
 * Slider, NumberField, Segmented, Option, TextField, and Show/Each (already resolved by
 * the evaluator; their renderers only draw children). An input writes
 * through its binding (`UiBinding.set`), which refuses what the catalog and
 * the control's rules refuse; the view re-renders from the state. An input
 * without a binding, or while its element is still arriving, is disabled.
 */
import { useId, useState } from "react";
import type { UiComponentName } from "@/lib/ui/catalog";
import { uiChecklistItems, uiChecklistToggle } from "@/lib/ui/catalog/checklist-items";
import { uiNumericString } from "@/lib/ui/catalog/prop-schemas";
import type { UiBinding, UiViewNode } from "@/lib/ui/evaluate";
import { formatNumber } from "../../widgets/format/format-number";
import { flagProp, numberProp, textProp } from "../node-props";
import { useUiRenderContext, type UiRenderer, type UiRendererProps } from "../render-context";
import { UiChildren, UiListChildren, UiNodeView } from "../ui-node-view";
import styles from "./renderers.module.css";

/** The node's binding of `prop` when the input can change it now. */
function liveBinding(node: UiViewNode, prop: string): UiBinding | undefined {
  return node.complete && Object.hasOwn(node.bindings, prop) ? node.bindings[prop] : undefined;
}

/** A setter that tells the host after every change that applied. */
function useSetter(binding: UiBinding | undefined): (value: unknown) => void {
  const { changed } = useUiRenderContext();
  return (value) => {
    if (binding?.set(value)) changed();
  };
}

/**
 * A list of items to tick off: its `Item` children, and one checkbox per
 * element of `items`, checked when its id is in the list bound to `value`.
 */
function Checklist({ node }: UiRendererProps) {
  const title = textProp(node, "title");
  const binding = liveBinding(node, "value");
  const set = useSetter(binding);
  const children = node.children.filter((child) => child.type === "Item");
  const listed = uiChecklistItems(node.props.items);
  const value: readonly unknown[] = Array.isArray(node.props.value) ? node.props.value : [];
  const checked = new Set(value);
  const done = children.filter((item) => flagProp(item, "checked")).length + listed.filter((item) => checked.has(item.id)).length;
  return (
    <fieldset className={styles.checklist}>
      <legend className={styles.groupTitle}>
        {title ?? "Checklist"}
        <span className={styles.count}>{` ${done} of ${children.length + listed.length} done`}</span>
      </legend>
      <ul className={styles.checkItems}>
        {listed.map((item) => (
          <li key={`${typeof item.id}:${item.id}`} className={styles.checkItem}>
            <label className={styles.checkLabel}>
              <input
                type="checkbox"
                checked={checked.has(item.id)}
                disabled={!binding}
                onChange={(event) => set(uiChecklistToggle(listed, value, item.id, event.target.checked))}
              />
              <span>{item.label}</span>
            </label>
          </li>
        ))}
        <UiListChildren nodes={node.children} itemType="Item" />
      </ul>
    </fieldset>
  );
}

/** One checklist item: a checkbox bound to a boolean. */
function Item({ node }: UiRendererProps) {
  const binding = liveBinding(node, "checked");
  const set = useSetter(binding);
  return (
    <li className={styles.checkItem}>
      <label className={styles.checkLabel}>
        <input
          type="checkbox"
          checked={flagProp(node, "checked")}
          disabled={!binding}
          onChange={(event) => set(event.target.checked)}
        />
        <span>{textProp(node, "label") ?? ""}</span>
      </label>
    </li>
  );
}

/** An on/off switch (a checkbox with the switch role, so it is announced as on/off). */
function Switch({ node }: UiRendererProps) {
  const binding = liveBinding(node, "value");
  const set = useSetter(binding);
  const on = flagProp(node, "value");
  return (
    <label className={styles.switch}>
      <input
        type="checkbox"
        role="switch"
        className={styles.switchInput}
        checked={on}
        disabled={!binding}
        onChange={(event) => set(event.target.checked)}
      />
      <span className={styles.switchTrack} aria-hidden="true">
        <span className={styles.switchThumb} />
      </span>
      <span>{textProp(node, "label") ?? ""}</span>
      <span className={styles.switchState} aria-hidden="true">
        {on ? "On" : "Off"}
      </span>
    </label>
  );
}

/** Steps of a slider without a `step`: whole numbers on a wide integer range, a hundredth of the range otherwise. */
function defaultStep(min: number, max: number): number {
  return Number.isInteger(min) && Number.isInteger(max) && max - min >= 10 ? 1 : (max - min) / 100;
}

/** A slider for a number, with its value written out. */
function Slider({ node }: UiRendererProps) {
  const id = useId();
  const binding = liveBinding(node, "value");
  const set = useSetter(binding);
  const min = numberProp(node, "min") ?? 0;
  const max = numberProp(node, "max") ?? 100;
  const step = numberProp(node, "step") ?? defaultStep(min, max);
  const value = numberProp(node, "value") ?? min;
  const unit = textProp(node, "unit");
  const shown = unit ? `${formatNumber(value)} ${unit}` : formatNumber(value);
  return (
    <div className={styles.slider}>
      <label htmlFor={id} className={styles.inputLabel}>
        {textProp(node, "label") ?? ""}
      </label>
      <div className={styles.sliderRow}>
        <input
          id={id}
          type="range"
          min={min}
          max={max}
          step={step}
          value={value}
          disabled={!binding}
          aria-valuetext={shown}
          onChange={(event) => set(Number(event.target.value))}
        />
        <output htmlFor={id} className={styles.sliderValue}>
          {shown}
        </output>
      </div>
    </div>
  );
}

/** What a number field says it takes: its bounds and step, as the field's description. */
export function numberFieldHint(min: number | undefined, max: number | undefined, step: number | undefined, unit: string | undefined): string {
  const suffix = unit ? ` ${unit}` : "";
  const parts: string[] = [];
  if (min !== undefined && max !== undefined) parts.push(`${formatNumber(min)} to ${formatNumber(max)}${suffix}`);
  else if (min !== undefined) parts.push(`at least ${formatNumber(min)}${suffix}`);
  else if (max !== undefined) parts.push(`at most ${formatNumber(max)}${suffix}`);
  if (step !== undefined) parts.push(`in steps of ${formatNumber(step)}`);
  return parts.join(", ");
}

/**
 * A typed number. What the person types is kept as typed while the field has
 * focus, so "1." or "-" on the way to a number is not wiped; each entry that
 * is a number the binding accepts (within min–max, on the step) is applied at
 * once, and one it refuses marks the field invalid and says what it takes.
 * Arrow keys step it (the browser's own number input); on leaving it, the
 * field shows the bound value again.
 */
function NumberField({ node }: UiRendererProps) {
  const id = useId();
  const hintId = useId();
  const binding = liveBinding(node, "value");
  const { changed } = useUiRenderContext();
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const value = numberProp(node, "value");
  const min = numberProp(node, "min");
  const max = numberProp(node, "max");
  const step = numberProp(node, "step");
  const unit = textProp(node, "unit");
  const typed = draft === undefined ? undefined : uiNumericString(draft);
  const refused = draft !== undefined && draft.trim() !== "" && typed !== value;
  const hint = numberFieldHint(min, max, step, unit);
  const onChange = (text: string) => {
    setDraft(text);
    const number = uiNumericString(text);
    if (typeof number === "number" && number !== value && binding?.set(number)) changed();
  };
  return (
    <div className={styles.numberField}>
      <label htmlFor={id} className={styles.inputLabel}>
        {textProp(node, "label") ?? ""}
      </label>
      <div className={styles.numberRow}>
        <input
          id={id}
          type="number"
          inputMode="decimal"
          className={`${styles.textInput} ${styles.numberInput}`}
          value={draft ?? (value === undefined ? "" : String(value))}
          min={min}
          max={max}
          step={step ?? "any"}
          disabled={!binding}
          aria-invalid={refused || undefined}
          aria-describedby={hint || refused ? hintId : undefined}
          onChange={(event) => onChange(event.target.value)}
          onBlur={() => setDraft(undefined)}
        />
        {unit ? <span className={styles.numberUnit}>{unit}</span> : null}
      </div>
      {hint || refused ? (
        <p id={hintId} className={refused ? styles.numberRefused : styles.numberHint}>
          {refused ? `Not applied: ${hint || "a number"}.` : hint}
        </p>
      ) : null}
    </div>
  );
}

/** A one-of-a-few picker: native radio buttons (arrow keys move between them) drawn as a segmented control. */
function Segmented({ node }: UiRendererProps) {
  const name = useId();
  const binding = liveBinding(node, "value");
  const set = useSetter(binding);
  const label = textProp(node, "label");
  const current = node.props.value;
  return (
    <fieldset className={styles.segmented}>
      <legend className={label ? styles.inputLabel : "visually-hidden"}>{label ?? "Choose one"}</legend>
      <div className={styles.segments}>
        {node.children.map((child) => {
          if (child.type !== "Option") return <UiNodeView key={child.id} node={child} />;
          const value = child.props.value;
          if (typeof value !== "string" && typeof value !== "number") return null;
          return (
            <label key={child.id} className={styles.segment}>
              <input
                type="radio"
                name={name}
                className={styles.segmentInput}
                value={String(value)}
                checked={current === value}
                disabled={!binding}
                onChange={() => set(value)}
              />
              <span className={styles.segmentLabel}>{textProp(child, "label") ?? String(value)}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** An option is drawn by its `Segmented`. */
function Option({ node }: UiRendererProps) {
  return <span className={styles.plainOption}>{textProp(node, "label") ?? ""}</span>;
}

/** A text input (or area), bound to a string. */
function TextField({ node }: UiRendererProps) {
  const id = useId();
  const binding = liveBinding(node, "value");
  const set = useSetter(binding);
  const value = textProp(node, "value") ?? "";
  const placeholder = textProp(node, "placeholder");
  return (
    <div className={styles.textField}>
      <label htmlFor={id} className={styles.inputLabel}>
        {textProp(node, "label") ?? ""}
      </label>
      {flagProp(node, "multiline") ? (
        <textarea
          id={id}
          className={styles.textInput}
          rows={4}
          value={value}
          placeholder={placeholder}
          disabled={!binding}
          onChange={(event) => set(event.target.value)}
        />
      ) : (
        <input
          id={id}
          type="text"
          className={styles.textInput}
          value={value}
          placeholder={placeholder}
          disabled={!binding}
          onChange={(event) => set(event.target.value)}
        />
      )}
    </div>
  );
}

/** `Show` and `Each` never reach a renderer (the evaluator resolves them); if one does, its children are drawn. */
function Transparent({ node }: UiRendererProps) {
  return <UiChildren nodes={node.children} />;
}

/** The Local inputs group's renderers. */
export const LOCAL_INPUT_RENDERERS = {
  Checklist,
  Item,
  Switch,
  Slider,
  NumberField,
  Segmented,
  Option,
  TextField,
  Show: Transparent,
  Each: Transparent,
} satisfies Partial<Record<UiComponentName, UiRenderer>>;
