"use client";
/**
 * "Chat settings": what every reply of this chat is generated with besides
 * the model — instructions added to what the model is told, and a
 * temperature. A modal `<dialog>` (the page behind is inert, Escape closes
 * it, focus returns to its button). The fields are read by the server's own
 * rules (`parseChatSettingsForm`), so a mistake is named under its field
 * before anything is sent; the server checks again. An open chat saves to
 * the server; a new chat keeps them until its first message, which creates
 * the chat with them. The dialog is drawn at the end of the body: its
 * button sits in the composer, and a form may not hold another form.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { createPortal } from "react-dom";
import {
  parseChatSettingsForm,
  SYSTEM_ADDITION_MAX_CHARACTERS,
  TEMPERATURE_MAX,
  TEMPERATURE_MIN,
  type ChatSettings,
  type ChatSettingsChange,
  type ChatSettingsFormValues,
} from "@/lib/chat/core/chat-settings";
import styles from "./settings.module.css";

/** What saving reports: the settings now in force, or the words to show. */
export type ChatSettingsSaveOutcome = { settings: ChatSettingsChange } | { error: string };

/** Props of `ChatSettingsDialog`. */
export type ChatSettingsDialogProps = {
  /** The settings in force (stored, or chosen for a new chat). */
  settings: ChatSettings;
  /** Saves a change; for a new chat it only keeps it for the first message. */
  onSave: (change: ChatSettingsChange) => Promise<ChatSettingsSaveOutcome>;
  /** True for a chat that does not exist yet: the settings apply from its first message. */
  draft?: boolean;
};

function formValues(settings: ChatSettings): ChatSettingsFormValues {
  return {
    systemAddition: settings.systemAddition ?? "",
    temperature: settings.temperature === undefined ? "" : String(settings.temperature),
    repair: settings.repair !== false,
  };
}

/** What the opener says the chat runs with, in a few words. */
function summary(settings: ChatSettings): string | null {
  const parts = [
    settings.systemAddition ? "own instructions" : null,
    settings.temperature !== undefined ? `temperature ${settings.temperature}` : null,
    settings.repair === false ? "no repair" : null,
  ].filter(
    (part) => part !== null,
  );
  return parts.length > 0 ? parts.join(", ") : null;
}

/** The button and its dialog; see the module comment. */
export function ChatSettingsDialog({ settings, onSave, draft = false }: ChatSettingsDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const additionField = useRef<HTMLTextAreaElement>(null);
  const temperatureField = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<ChatSettingsFormValues>(() => formValues(settings));
  const [errors, setErrors] = useState<Partial<Record<keyof ChatSettingsFormValues, string>>>({});
  const [status, setStatus] = useState<{ kind: "saved" | "failed"; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const ids = { title: useId(), addition: useId(), additionHint: useId(), additionError: useId(), temperature: useId(), temperatureHint: useId(), temperatureError: useId(), repairHint: useId() };
  const inForce = summary(settings);
  // The dialog is closed on the server's render; it joins the body once the page runs.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  const open = () => {
    setValues(formValues(settings));
    setErrors({});
    setStatus(null);
    dialog.current?.showModal();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // React carries the event up its own tree, past the portal, to the composer's form: it must not send a message.
    event.stopPropagation();
    setStatus(null);
    const parsed = parseChatSettingsForm(values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      (parsed.errors.systemAddition !== undefined ? additionField : temperatureField).current?.focus();
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const outcome = await onSave(parsed.change);
      if ("error" in outcome) setStatus({ kind: "failed", text: outcome.error });
      else {
        setValues(formValues(outcome.settings));
        setStatus({ kind: "saved", text: draft ? "Saved. They apply from your first message." : "Saved. The next reply uses them." });
      }
    } finally {
      setSaving(false);
    }
  };

  const additionDescribedBy = [ids.additionHint, errors.systemAddition !== undefined ? ids.additionError : null].filter(Boolean).join(" ");
  const temperatureDescribedBy = [ids.temperatureHint, errors.temperature !== undefined ? ids.temperatureError : null].filter(Boolean).join(" ");

  return (
    <>
      <button
        ref={opener}
        type="button"
        className={`button button-ghost button-small ${styles.opener}`}
        aria-haspopup="dialog"
        onClick={open}
        title={inForce !== null ? `This chat uses ${inForce}` : undefined}
      >
        Chat settings
        {inForce !== null ? (
          <>
            <span className={styles.mark} aria-hidden="true" />
            <span className="visually-hidden"> ({inForce})</span>
          </>
        ) : null}
      </button>
      {mounted
        ? createPortal(
          <dialog ref={dialog} className={`confirm-dialog ${styles.dialog}`} aria-labelledby={ids.title} onClose={() => opener.current?.focus()}>
            <h2 id={ids.title}>Chat settings</h2>
            <p className="muted">
              {draft ? "For the chat you are about to start; they apply from your first message." : "For this chat only; the next reply uses them."}
            </p>
            <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
              <div className={styles.field}>
                <label htmlFor={ids.addition} className={styles.label}>
                  Instructions for this chat
                </label>
                <p id={ids.additionHint} className="field-hint">
                  Added to what the model is told before every reply, for example “Answer in French” or “Keep answers short”. Up to{" "}
                  {SYSTEM_ADDITION_MAX_CHARACTERS.toLocaleString("en-US")} characters.
                </p>
                <textarea
                  id={ids.addition}
                  ref={additionField}
                  className={styles.textarea}
                  value={values.systemAddition}
                  onChange={(event) => setValues((current) => ({ ...current, systemAddition: event.target.value }))}
                  aria-invalid={errors.systemAddition !== undefined || undefined}
                  aria-describedby={additionDescribedBy}
                  autoFocus
                />
                <p className={styles.counter} aria-hidden="true">
                  {values.systemAddition.length.toLocaleString("en-US")} / {SYSTEM_ADDITION_MAX_CHARACTERS.toLocaleString("en-US")}
                </p>
                {errors.systemAddition !== undefined ? (
                  <p id={ids.additionError} className="field-error">
                    {errors.systemAddition}
                  </p>
                ) : null}
              </div>
              <div className={styles.field}>
                <label htmlFor={ids.temperature} className={styles.label}>
                  Temperature
                </label>
                <p id={ids.temperatureHint} className="field-hint">
                  From {TEMPERATURE_MIN} (the most predictable replies) to {TEMPERATURE_MAX} (the most varied). Leave it empty for the model’s default.
                </p>
                <input
                  id={ids.temperature}
                  ref={temperatureField}
                  className={styles.input}
                  inputMode="decimal"
                  autoComplete="off"
                  value={values.temperature}
                  onChange={(event) => setValues((current) => ({ ...current, temperature: event.target.value }))}
                  aria-invalid={errors.temperature !== undefined || undefined}
                  aria-describedby={temperatureDescribedBy}
                />
                {errors.temperature !== undefined ? (
                  <p id={ids.temperatureError} className="field-error">
                    {errors.temperature}
                  </p>
                ) : null}
              </div>
              <div className={styles.field}>
                <label className={styles.label}>
                  <input
                    type="checkbox"
                    checked={values.repair !== false}
                    onChange={(event) => setValues((current) => ({ ...current, repair: event.target.checked }))}
                    aria-describedby={ids.repairHint}
                  />{" "}
                  Repair broken blocks
                </label>
                <p id={ids.repairHint} className="field-hint">
                  When a reply has a block the app cannot compile, the model is asked once more for that block alone, and the reply is shown repaired.
                </p>
              </div>
              <p role="status" className={status?.kind === "failed" ? "form-error" : styles.status}>
                {status?.text ?? ""}
              </p>
              <div className={styles.actions}>
                <button type="submit" className="button button-primary" disabled={saving}>
                  {saving ? "Saving…" : "Save"}
                </button>
                <button type="button" className="button button-ghost" onClick={() => dialog.current?.close()}>
                  Close
                </button>
              </div>
            </form>
          </dialog>,
          document.body,
        )
        : null}
    </>
  );
}
