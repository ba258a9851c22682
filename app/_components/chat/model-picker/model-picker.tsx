"use client";

import { useId } from "react";
import styles from "./model-picker.module.css";

/** One model as the picker offers it. */
export type ModelOption = { id: string; displayName: string; description: string };

/** Props of `ModelPicker`. */
export type ModelPickerProps = {
  models: readonly ModelOption[];
  value: string;
  onChange: (modelId: string) => void;
  disabled?: boolean;
};

/** Which model answers the next message (the server's `listModels()`; the replay model needs no key). */
export function ModelPicker({ models, value, onChange, disabled = false }: ModelPickerProps) {
  const id = useId();
  const selected = models.find((model) => model.id === value);
  return (
    <div className={styles.picker}>
      <label htmlFor={id} className={styles.label}>
        Model
      </label>
      <select id={id} className={styles.select} value={value} onChange={(event) => onChange(event.target.value)} disabled={disabled} title={selected?.description}>
        {selected === undefined ? <option value={value}>{value}</option> : null}
        {models.map((model) => (
          <option key={model.id} value={model.id} title={model.description}>
            {model.displayName}
          </option>
        ))}
      </select>
    </div>
  );
}
