/** Every block of every reply of one corpus, checked (`fitReply`), in the manifest's order. */
import type { UiQuerySchemas } from "@/lib/ui/compile/options";
import type { BlockEvaluator, QueryAnswerer } from "./block-fit";
import type { ModelFitCorpus } from "./corpus";
import type { BlockFit } from "./findings";
import { fitReply } from "./reply-fit";

/** Options of `measureCorpus`. */
export type MeasureCorpusInput = {
  corpus: ModelFitCorpus;
  querySchemas: UiQuerySchemas;
  answer: QueryAnswerer;
  evaluate?: BlockEvaluator;
};

/** The checked blocks of a corpus's replies (a corpus with problems has none to check). */
export async function measureCorpus(input: MeasureCorpusInput): Promise<BlockFit[]> {
  const blocks: BlockFit[] = [];
  for (const reply of input.corpus.replies) {
    blocks.push(...(await fitReply({ reply, querySchemas: input.querySchemas, answer: input.answer, ...(input.evaluate ? { evaluate: input.evaluate } : {}) })));
  }
  return blocks;
}
