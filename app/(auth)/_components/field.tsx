import type { InputHTMLAttributes } from "react";

/** Props of `Field`: an input's own props plus its visible label and error. */
export type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: string;
  /** Shown under the input and tied to it for screen readers. */
  error?: string | undefined;
  /** A short help line, also tied to the input. */
  hint?: string;
};

/** A labelled input whose error and hint are announced with it. */
export function Field({ id, label, error, hint, ...inputProps }: FieldProps) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...inputProps}
      />
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
