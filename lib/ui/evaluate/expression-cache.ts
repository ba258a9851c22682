import type { UiExpression } from "../expression/ast";
import type { UiBudget } from "../expression/budget";
import { parseUiExpression } from "../expression/parse";

/**
 * Parsed expressions kept between evaluations. A renderer re-evaluates the
 * same block on every input edit; its expressions are the same text each
 * time. 4,096 covers two full-size blocks (2,048 nodes each) and bounds the
 * memory a stream of different blocks can hold.
 */
export const UI_EXPRESSION_CACHE_ENTRIES = 4_096;

/** Longest source kept: together with the entry count this caps the cache near a few megabytes; longer expressions are rare and parsed each time. */
export const UI_EXPRESSION_CACHE_SOURCE_LENGTH = 1_024;

const cache = new Map<string, UiExpression>();

/**
 * Parses an expression's source, reusing an earlier parse of the same text
 * under the same nesting and length bounds. Throws what `parseUiExpression`
 * throws; failures are not kept.
 */
export function parseUiExpressionCached(source: string, budget: UiBudget): UiExpression {
  if (source.length > UI_EXPRESSION_CACHE_SOURCE_LENGTH) return parseUiExpression(source, budget);
  const key = `${budget.limits.nesting}:${budget.limits.characters}:${source}`;
  const cached = cache.get(key);
  // First in, first out: re-ordering on every hit would cost more than the rare re-parse it saves.
  if (cached) return cached;
  const parsed = parseUiExpression(source, budget);
  cache.set(key, parsed);
  if (cache.size > UI_EXPRESSION_CACHE_ENTRIES) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  return parsed;
}
