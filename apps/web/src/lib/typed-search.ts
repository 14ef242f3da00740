import { useDebouncedValue } from './use-debounced-value.ts';

/**
 * A search-as-you-type list shows the answer to the text in its box and nothing else. While the
 * typing pauses and while the server answers, the previous answer is withdrawn (the list says it is
 * loading): a list kept on screen and replaced under the pointer gave a click meant for one patient
 * to another one, or to none (the consultation journey's CI failure).
 */
export function useTypedSearch(input: string, delayMs: number, minLength = 0): { q: string; settled: boolean; waiting: boolean } {
  const typed = input.trim();
  const q = useDebouncedValue(typed, delayMs);
  const settled = q === typed;
  // `waiting`: a text long enough to be asked, not asked yet (the list says it is loading meanwhile).
  return { q, settled, waiting: !settled && typed.length >= minLength };
}

/** The query's answer when it answers the text typed (`settled`), not the previous search's. */
export function answerOf<T>(settled: boolean, query: { data?: T; isPlaceholderData: boolean }): T | undefined {
  return settled && !query.isPlaceholderData ? query.data : undefined;
}

/**
 * Whether the rows a list keeps on screen answer a previous request (the text typed not yet asked,
 * or react-query's placeholder while the next answer comes): they stay drawn, so nothing moves,
 * but take no click (`inert`) — a button replaced under the pointer acts on another row.
 */
export function isStale(settled: boolean, query: { isPlaceholderData: boolean }): boolean {
  return !settled || query.isPlaceholderData;
}
