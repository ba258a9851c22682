/**
 * A JSON path built lazily: a parse creates one link per node or field it
 * enters and turns it into text (`items[3].children[0].text`) only when a
 * diagnostic needs it, so clean specs never pay for path strings.
 */

/** Longest key shown in a path; a hostile key may be megabytes long. */
const SHOWN_KEY_LENGTH = 40;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** One step of a JSON path: a key or an index below a parent (the root has neither). */
export class GenuiPath {
  /** The path of the whole value (prints as the empty string). */
  static readonly root = new GenuiPath(null, "");

  private constructor(
    readonly parent: GenuiPath | null,
    readonly key: string | number,
  ) {}

  /** The path one key or index below this one. */
  child(key: string | number): GenuiPath {
    return new GenuiPath(this, key);
  }

  /** The path as text: `items[3].children[0].text`, `payload["a b"]`, or "" for the root. */
  toString(): string {
    const steps: (string | number)[] = [];
    for (let step: GenuiPath | null = this; step && step.parent; step = step.parent) steps.push(step.key);
    let text = "";
    for (let index = steps.length - 1; index >= 0; index -= 1) {
      const key = steps[index] as string | number;
      if (typeof key === "number") text += `[${key}]`;
      else if (IDENTIFIER.test(key) && key.length <= SHOWN_KEY_LENGTH) text += text === "" ? key : `.${key}`;
      else text += `[${JSON.stringify(key.length > SHOWN_KEY_LENGTH ? `${key.slice(0, SHOWN_KEY_LENGTH)}…` : key)}]`;
    }
    return text;
  }
}
