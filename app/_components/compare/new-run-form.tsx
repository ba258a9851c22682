"use client";
/**
 * Starting a comparison: the prompt, 2–6 model slots (the same model may
 * fill several: repeat runs), samples per slot, blind or not, a tag for the
 * leaderboard, and — folded away — a system prompt addition, temperature and
 * seed. The server checks everything again; its refusal is shown in place.
 */
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { compareActions } from "./compare-actions";
import styles from "./compare-home.module.css";

/** A model the form offers. */
export type CompareModelOption = { id: string; displayName: string; description: string };

/** Props of `NewRunForm`. */
export type NewRunFormProps = {
  models: readonly CompareModelOption[];
  /** The slots the form starts with. */
  initialSlots: readonly string[];
  /** Prompts the replay models answer, offered as starting points. */
  examples: readonly string[];
};

const MIN_SLOTS = 2;
const MAX_SLOTS = 6;

/** The new-run form (see the file comment). */
export function NewRunForm({ models, initialSlots, examples }: NewRunFormProps) {
  const router = useRouter();
  const [prompt, setPrompt] = useState("");
  const [slots, setSlots] = useState<string[]>([...initialSlots]);
  const [samples, setSamples] = useState(1);
  const [blind, setBlind] = useState(true);
  const [tag, setTag] = useState("");
  const [systemAddition, setSystemAddition] = useState("");
  const [temperature, setTemperature] = useState("");
  const [seed, setSeed] = useState("");
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (starting) return;
    setProblem(null);
    if (prompt.trim() === "") return setProblem("Write a prompt first.");
    const temperatureValue = temperature.trim() === "" ? undefined : Number(temperature);
    if (temperatureValue !== undefined && (!Number.isFinite(temperatureValue) || temperatureValue < 0 || temperatureValue > 2)) return setProblem("Temperature is a number between 0 and 2.");
    const seedValue = seed.trim() === "" ? undefined : Number(seed);
    if (seedValue !== undefined && (!Number.isInteger(seedValue) || seedValue < 0)) return setProblem("The seed is a whole number from 0.");
    setStarting(true);
    const result = await compareActions.start({
      prompt,
      models: slots,
      samples,
      blind,
      ...(tag.trim() ? { tag: tag.trim() } : {}),
      ...(systemAddition.trim() ? { systemAddition } : {}),
      ...(temperatureValue !== undefined ? { temperature: temperatureValue } : {}),
      ...(seedValue !== undefined ? { seed: seedValue } : {}),
    });
    if (!result.ok) {
      setStarting(false);
      setProblem(result.error);
      return;
    }
    router.push(`/compare/${encodeURIComponent(result.runId)}`);
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} aria-labelledby="new-run-title">
      <h2 id="new-run-title" className={styles.formTitle}>
        New comparison
      </h2>
      <div className={styles.field}>
        <label htmlFor="compare-prompt">Prompt</label>
        <textarea id="compare-prompt" rows={3} value={prompt} onChange={(event) => setPrompt(event.target.value)} maxLength={32_000} className={styles.textarea} placeholder="Ask every model the same thing" />
        {examples.length > 0 ? (
          <div className={styles.examples} aria-label="Example prompts" role="group">
            {examples.map((example) => (
              <button key={example} type="button" className="button button-ghost button-small" onClick={() => setPrompt(example)}>
                {example}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      <fieldset className={styles.fieldset}>
        <legend>Models ({slots.length} of at most {MAX_SLOTS})</legend>
        <ol className={styles.slots}>
          {slots.map((modelId, index) => (
            <li key={index} className={styles.slot}>
              <label htmlFor={`compare-slot-${index}`} className="visually-hidden">
                Model {index + 1}
              </label>
              <select id={`compare-slot-${index}`} value={modelId} className={styles.select} onChange={(event) => setSlots((current) => current.map((value, position) => (position === index ? event.target.value : value)))}>
                {models.map((model) => (
                  <option key={model.id} value={model.id} title={model.description}>
                    {model.displayName}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="button button-ghost button-small"
                disabled={slots.length <= MIN_SLOTS}
                aria-label={`Remove model ${index + 1}`}
                onClick={() => setSlots((current) => current.filter((_, position) => position !== index))}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
        <button type="button" className="button button-secondary button-small" disabled={slots.length >= MAX_SLOTS} onClick={() => setSlots((current) => [...current, models[0]?.id ?? ""])}>
          Add a model
        </button>
      </fieldset>
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor="compare-samples">Samples per model</label>
          <select id="compare-samples" value={samples} className={styles.select} onChange={(event) => setSamples(Number(event.target.value))}>
            {[1, 2, 3, 4, 5].map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="compare-tag">Tag (optional)</label>
          <input id="compare-tag" value={tag} maxLength={40} onChange={(event) => setTag(event.target.value)} className={styles.input} placeholder="e.g. dashboards" />
        </div>
        <label className={styles.check}>
          <input type="checkbox" checked={blind} onChange={(event) => setBlind(event.target.checked)} /> Blind (hide names until I vote)
        </label>
      </div>
      <details className={styles.details}>
        <summary>More settings</summary>
        <div className={styles.field}>
          <label htmlFor="compare-system">Add to the system prompt</label>
          <textarea id="compare-system" rows={2} value={systemAddition} maxLength={4_000} onChange={(event) => setSystemAddition(event.target.value)} className={styles.textarea} />
        </div>
        <div className={styles.row}>
          <div className={styles.field}>
            <label htmlFor="compare-temperature">Temperature (0–2)</label>
            <input id="compare-temperature" inputMode="decimal" value={temperature} onChange={(event) => setTemperature(event.target.value)} className={styles.input} placeholder="model default" />
          </div>
          <div className={styles.field}>
            <label htmlFor="compare-seed">Seed</label>
            <input id="compare-seed" inputMode="numeric" value={seed} onChange={(event) => setSeed(event.target.value)} className={styles.input} placeholder="none" />
          </div>
        </div>
      </details>
      {problem !== null ? (
        <p role="alert" className={styles.error}>
          {problem}
        </p>
      ) : null}
      <button type="submit" className="button button-primary" disabled={starting}>
        {starting ? "Starting…" : `Run on ${slots.length * samples} panes`}
      </button>
    </form>
  );
}
