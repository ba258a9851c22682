"use client";
/**
 * "Preferences", in the account menu: the person's theme (the system's,
 * light or dark) and the model their new chats start with, kept for them on
 * the server (guests too). Each change is saved as it is made and says so;
 * a theme applies at once. A modal `<dialog>`: the page behind is inert,
 * Escape closes it, focus returns to its button.
 */
import { useId, useRef, useState } from "react";
import { savePreferences } from "@/app/(auth)/_actions/save-preferences";
import type { ThemePreference, UserPreferences } from "@/lib/preferences/user-preferences";
import type { ModelOption } from "../chat/model-picker/model-picker";
import { applyTheme } from "./apply-theme";
import styles from "./settings.module.css";

/** The themes offered, in order, as the person reads them. */
const THEME_CHOICES: readonly { value: ThemePreference; label: string }[] = [
  { value: "system", label: "Same as this device" },
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
];

/** Words shown when the server could not be reached. */
const UNREACHABLE = "Not saved: the server could not be reached. Check your connection and try again.";

/** Props of `PreferencesDialog`. */
export type PreferencesDialogProps = {
  preferences: UserPreferences;
  models: readonly ModelOption[];
};

/** The button and its dialog; see the module comment. */
export function PreferencesDialog({ preferences, models }: PreferencesDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [saved, setSaved] = useState(preferences);
  const [theme, setTheme] = useState(preferences.theme);
  const [modelId, setModelId] = useState(preferences.defaultModelId);
  const [status, setStatus] = useState<{ kind: "saved" | "failed"; text: string } | null>(null);
  const ids = { title: useId(), theme: useId(), model: useId(), modelHint: useId() };

  const save = async (change: { theme: ThemePreference } | { defaultModelId: string }, savedText: string) => {
    setStatus({ kind: "saved", text: "Saving…" });
    try {
      const result = await savePreferences(change);
      if (result.ok) {
        setSaved(result.preferences);
        setStatus({ kind: "saved", text: savedText });
        return;
      }
      setStatus({ kind: "failed", text: `Not saved: ${result.error.message}` });
    } catch {
      setStatus({ kind: "failed", text: UNREACHABLE });
    }
    // Refused or unreachable: back to what is stored.
    setTheme(saved.theme);
    applyTheme(saved.theme);
    setModelId(saved.defaultModelId);
  };

  const chooseTheme = (next: ThemePreference) => {
    setTheme(next);
    applyTheme(next);
    const label = THEME_CHOICES.find((choice) => choice.value === next)?.label ?? next;
    void save({ theme: next }, `Saved. Theme: ${label.toLowerCase()}.`);
  };

  const chooseModel = (next: string) => {
    setModelId(next);
    const name = models.find((model) => model.id === next)?.displayName ?? next;
    void save({ defaultModelId: next }, `Saved. New chats start with ${name}.`);
  };

  return (
    <>
      <button
        ref={opener}
        type="button"
        className={`button button-ghost button-small ${styles.preferencesOpener}`}
        aria-haspopup="dialog"
        title="Preferences: theme, model for new chats"
        onClick={() => dialog.current?.showModal()}
      >
        <svg className={styles.icon} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          {/* A sun half-shaded: the theme, the first thing kept here. */}
          <circle cx="12" cy="12" r="5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M12 7a5 5 0 0 1 0 10z" fill="currentColor" />
          <path d="M12 1.5v3M12 19.5v3M1.5 12h3M19.5 12h3M4.6 4.6l2.1 2.1M17.3 17.3l2.1 2.1M4.6 19.4l2.1-2.1M17.3 6.7l2.1-2.1" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className={styles.openerLabel}>Preferences</span>
      </button>
      <dialog
        ref={dialog}
        className={`confirm-dialog ${styles.dialog}`}
        aria-labelledby={ids.title}
        onClose={() => {
          setStatus(null);
          opener.current?.focus();
        }}
      >
        <h2 id={ids.title}>Preferences</h2>
        <div className={styles.form}>
          <fieldset className={styles.field}>
            <legend className={styles.label}>Theme</legend>
            <div className={styles.choices}>
              {THEME_CHOICES.map((choice) => (
                <label key={choice.value} className={styles.choice}>
                  <input type="radio" name={ids.theme} value={choice.value} checked={theme === choice.value} onChange={() => chooseTheme(choice.value)} />
                  {choice.label}
                </label>
              ))}
            </div>
          </fieldset>
          <div className={styles.field}>
            <label htmlFor={ids.model} className={styles.label}>
              Model for new chats
            </label>
            <p id={ids.modelHint} className="field-hint">
              Each chat can still switch models from the menu beside Send.
            </p>
            <select id={ids.model} className={styles.select} value={modelId} onChange={(event) => chooseModel(event.target.value)} aria-describedby={ids.modelHint}>
              {models.map((model) => (
                <option key={model.id} value={model.id}>
                  {model.displayName}
                </option>
              ))}
            </select>
          </div>
          <p role="status" className={status?.kind === "failed" ? "form-error" : styles.status}>
            {status?.text ?? ""}
          </p>
          <div className={styles.actions}>
            <button type="button" className="button button-secondary" onClick={() => dialog.current?.close()}>
              Done
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
