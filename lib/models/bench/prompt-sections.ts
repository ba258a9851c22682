/**
 * A system prompt cut at its `#` and `##` headings (outside code fences), so
 * the bench can say which part costs what. Text before the first heading is
 * the "(introduction)".
 */

/** One part of a prompt: its heading line and its text, heading included. */
export type PromptSection = { heading: string; text: string };

/** The sections of `prompt`, in order; together they are the whole prompt. */
export function promptSections(prompt: string): PromptSection[] {
  const sections: PromptSection[] = [{ heading: "(introduction)", text: "" }];
  let fence: string | null = null;
  for (const line of prompt.split("\n")) {
    const marker = /^(`{3,})/.exec(line)?.[1];
    if (marker && (fence === null || (marker.length >= fence.length && line.trim() === marker))) fence = fence === null ? marker : null;
    else if (fence === null && /^#{1,2} /.test(line)) sections.push({ heading: line, text: "" });
    const current = sections[sections.length - 1] as PromptSection;
    current.text += current.text === "" ? line : `\n${line}`;
  }
  return sections.filter((section) => section.text !== "");
}
