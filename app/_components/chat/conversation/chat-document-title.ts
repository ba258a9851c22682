/**
 * A chat's tab title: its own title in the root layout's template, so tabs
 * of different chats can be told apart. The page's `generateMetadata` gives
 * the first render its title; the conversation keeps it in step with a live
 * rename through this same function.
 */

/** The product name the root layout's title template ends with. */
export const PRODUCT_NAME = "Octo playground";

/** "<chat title> · Octo playground" (the product name alone for an empty title). */
export function chatDocumentTitle(chatTitle: string): string {
  const trimmed = chatTitle.trim();
  return trimmed === "" ? PRODUCT_NAME : `${trimmed} · ${PRODUCT_NAME}`;
}
