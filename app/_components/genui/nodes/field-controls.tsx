"use client";
/**
 * The field controls of an octo-ui fence: `input`, `textarea`, `number`,
 * `slider`, `select`, `radio`, `checkbox` and `switch`. Each shows its value
 * (the user's, else its starting value) and writes every change to the
 * panel's fields; `visibleWhen` and `filterBy` read those right away, with
 * no round-trip. Every control has a label: its own, or else its placeholder
 * or field name for screen readers.
 */
import { useEffect, useState, type ReactNode } from "react";
import {
  genuiControlValue,
  type GenuiCheckboxNode,
  type GenuiInputNode,
  type GenuiNumberNode,
  type GenuiRadioNode,
  type GenuiSelectNode,
  type GenuiSliderNode,
  type GenuiSwitchNode,
  type GenuiTextareaNode,
} from "@/lib/genui";
import styles from "../genui.module.css";
import { useGenuiPanel } from "../panel-context";

/** Rows of a textarea that names none: room for a short paragraph, inside the 2–12 the parser allows. */
const DEFAULT_TEXTAREA_ROWS = 4;

/** Steps a slider is cut into when the spec names no `step` (the parser normally fills it; the guide says a hundredth of the range). */
const SLIDER_DEFAULT_STEPS = 100;

type ControlProps<Node> = { node: Node; path: string };

/** A visible label when the spec gave one, else nothing (the control then carries `aria-label`). */
function FieldLabel({ htmlFor, label }: { htmlFor: string; label: string | undefined }) {
  if (label === undefined || label === "") return null;
  return (
    <label className={styles.label} htmlFor={htmlFor}>
      {label}
    </label>
  );
}

/** The accessible name of a control without a visible label. */
function hiddenLabel(label: string | undefined, fallbacks: (string | undefined)[]): string | undefined {
  if (label !== undefined && label !== "") return undefined;
  return fallbacks.find((candidate) => candidate !== undefined && candidate !== "");
}

function textOf(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** `input`: always a plain text input — the dialect has no type switch, so it can never be a password field. */
export function InputNode({ node, path }: ControlProps<GenuiInputNode>) {
  const { state, setField, elementId } = useGenuiPanel();
  const id = elementId(path, "input");
  return (
    <div className={styles.field}>
      <FieldLabel htmlFor={id} label={node.label} />
      <input
        id={id}
        type="text"
        className={styles.control}
        value={textOf(genuiControlValue(node, state.fields))}
        placeholder={node.placeholder}
        aria-label={hiddenLabel(node.label, [node.placeholder, node.field])}
        autoComplete="off"
        onChange={(event) => setField(node.field, event.target.value)}
      />
    </div>
  );
}

/** `textarea`: long free text; `rows` is already clamped to 2–12. */
export function TextareaNode({ node, path }: ControlProps<GenuiTextareaNode>) {
  const { state, setField, elementId } = useGenuiPanel();
  const id = elementId(path, "textarea");
  return (
    <div className={styles.field}>
      <FieldLabel htmlFor={id} label={node.label} />
      <textarea
        id={id}
        className={`${styles.control} ${styles.textarea}`}
        rows={node.rows ?? DEFAULT_TEXTAREA_ROWS}
        value={textOf(genuiControlValue(node, state.fields))}
        placeholder={node.placeholder}
        aria-label={hiddenLabel(node.label, [node.placeholder, node.field])}
        onChange={(event) => setField(node.field, event.target.value)}
      />
    </div>
  );
}

function sameNumber(typed: string, shown: string): boolean {
  if (typed.trim() === "" || shown === "") return typed.trim() === shown;
  return Number(typed) === Number(shown);
}

function boundsText(min: number | undefined, max: number | undefined): string | undefined {
  if (min !== undefined && max !== undefined) return `Between ${min} and ${max}`;
  if (min !== undefined) return `At least ${min}`;
  if (max !== undefined) return `At most ${max}`;
  return undefined;
}

/**
 * `number`: a numeric input. What the user types is kept as typed; the field
 * holds a number only while the text is one within `min`–`max` (an empty box
 * holds ""). Out of range, the box is marked invalid and says why, and the
 * field keeps its last good number.
 */
export function NumberNode({ node, path }: ControlProps<GenuiNumberNode>) {
  const { state, setField, elementId } = useGenuiPanel();
  const id = elementId(path, "number");
  const hintId = elementId(path, "hint");
  const value = genuiControlValue(node, state.fields);
  const shown = typeof value === "number" ? String(value) : "";
  const [text, setText] = useState(shown);
  // A value set from outside (a restored state, another control of the same field) replaces what is typed;
  // the echo of the user's own typing ("1.50" stored as 1.5) does not.
  useEffect(() => {
    setText((typed) => (sameNumber(typed, shown) ? typed : shown));
  }, [shown]);
  const parsed = text.trim() === "" ? undefined : Number(text);
  const outOfRange =
    parsed !== undefined && (!Number.isFinite(parsed) || (node.min !== undefined && parsed < node.min) || (node.max !== undefined && parsed > node.max));
  const bounds = boundsText(node.min, node.max);
  return (
    <div className={styles.field}>
      <FieldLabel htmlFor={id} label={node.label} />
      <input
        id={id}
        type="number"
        inputMode="decimal"
        className={styles.control}
        value={text}
        min={node.min}
        max={node.max}
        step={node.step ?? "any"}
        aria-label={hiddenLabel(node.label, [node.field])}
        aria-invalid={outOfRange || undefined}
        aria-describedby={bounds !== undefined ? hintId : undefined}
        onChange={(event) => {
          const typed = event.target.value;
          setText(typed);
          // An emptied box is a field set to "", which fails every range test just as an untouched one does.
          if (typed.trim() === "") return setField(node.field, "");
          const number = Number(typed);
          const inRange = Number.isFinite(number) && (node.min === undefined || number >= node.min) && (node.max === undefined || number <= node.max);
          if (inRange) setField(node.field, number);
        }}
      />
      {bounds !== undefined ? (
        <p id={hintId} className={outOfRange ? styles.error : styles.hint}>
          {outOfRange ? `${bounds}; this value is not used.` : bounds}
        </p>
      ) : null}
    </div>
  );
}

/** The value a slider's thumb sits on before anyone moved it: the middle of the range, on a step. */
function sliderRestingValue(node: GenuiSliderNode, step: number): number {
  const middle = node.min + Math.round((node.max - node.min) / 2 / step) * step;
  return Math.min(node.max, Math.max(node.min, middle));
}

/**
 * `slider`: a range input with its value beside it. Untouched and without a
 * starting value it says "not set" (its field is unset, so a range-gated node
 * stays hidden until the slider moves, as the guide promises).
 */
export function SliderNode({ node, path }: ControlProps<GenuiSliderNode>) {
  const { state, setField, elementId } = useGenuiPanel();
  const id = elementId(path, "slider");
  const outputId = elementId(path, "value");
  const step = node.step ?? (node.max - node.min) / SLIDER_DEFAULT_STEPS;
  const value = genuiControlValue(node, state.fields);
  const numeric = typeof value === "number" ? value : undefined;
  const label = node.label ?? node.field;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.sliderRow}>
        <input
          id={id}
          type="range"
          min={node.min}
          max={node.max}
          step={step}
          value={numeric ?? sliderRestingValue(node, step)}
          aria-valuetext={numeric === undefined ? "not set" : undefined}
          onChange={(event) => setField(node.field, Number(event.target.value))}
        />
        <output id={outputId} htmlFor={id} className={styles.sliderValue}>
          {numeric === undefined ? "not set" : String(numeric)}
        </output>
      </div>
    </div>
  );
}

/** `select`: a drop-down; with no value yet it shows a "Choose…" entry that cannot be picked back. */
export function SelectNode({ node, path }: ControlProps<GenuiSelectNode>) {
  const { state, setField, elementId } = useGenuiPanel();
  const id = elementId(path, "select");
  const value = genuiControlValue(node, state.fields);
  const chosen = node.options.some((option) => option.value === value) ? (value as string) : undefined;
  return (
    <div className={styles.field}>
      <FieldLabel htmlFor={id} label={node.label} />
      <select
        id={id}
        className={styles.control}
        value={chosen ?? ""}
        aria-label={hiddenLabel(node.label, [node.field])}
        onChange={(event) => setField(node.field, event.target.value)}
      >
        {chosen === undefined ? (
          <option value="" disabled>
            Choose…
          </option>
        ) : null}
        {node.options.map((option, index) => (
          <option key={index} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A fieldset of radio buttons (also the quiz's), named by its legend. */
export function RadioGroup({
  legend,
  name,
  options,
  value,
  disabled = false,
  onPick,
  mark,
  children,
}: {
  legend: string;
  name: string;
  options: readonly { label: string; value: string }[];
  value: unknown;
  disabled?: boolean;
  onPick: (value: string) => void;
  mark?: (value: string) => { attribute: string; suffix: ReactNode } | undefined;
  /** Drawn after the options, inside the group (the quiz's result). */
  children?: ReactNode;
}) {
  return (
    <fieldset className={styles.group} disabled={disabled}>
      <legend className={styles.label}>{legend}</legend>
      {options.map((option, index) => {
        const marked = mark?.(option.value);
        return (
          <label key={index} className={styles.option} data-mark={marked?.attribute}>
            <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onPick(option.value)} />
            <span>{option.label}</span>
            {marked?.suffix}
          </label>
        );
      })}
      {children}
    </fieldset>
  );
}

/** `radio`: one of several options. */
export function RadioNode({ node, path }: ControlProps<GenuiRadioNode>) {
  const { state, setField, elementId } = useGenuiPanel();
  return (
    <RadioGroup
      legend={node.label ?? node.field}
      name={elementId(path, "radio")}
      options={node.options}
      value={genuiControlValue(node, state.fields)}
      onPick={(value) => setField(node.field, value)}
    />
  );
}

/** `checkbox` / `switch`: a boolean field; a switch also says "On" or "Off" in words, so its state is not colour alone. */
export function ToggleNode({ node, path }: ControlProps<GenuiCheckboxNode | GenuiSwitchNode>) {
  const { state, setField, elementId } = useGenuiPanel();
  const id = elementId(path, node.type);
  const checked = genuiControlValue(node, state.fields) === true;
  const isSwitch = node.type === "switch";
  return (
    <div className={styles.field}>
      <label className={styles.check} htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          role={isSwitch ? "switch" : undefined}
          className={isSwitch ? styles.switchTrack : undefined}
          checked={checked}
          onChange={(event) => setField(node.field, event.target.checked)}
        />
        <span>{node.label ?? node.field}</span>
        {isSwitch ? (
          <span className={styles.switchState} aria-hidden="true">
            {checked ? "On" : "Off"}
          </span>
        ) : null}
      </label>
    </div>
  );
}
