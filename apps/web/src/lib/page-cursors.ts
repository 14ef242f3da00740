// A list paged by number on screen and by keyset cursor on the wire (issue 13): the page after one
// already shown is asked for with the `nextCursor` that page answered, so paging forward never makes
// the server skip the earlier rows (OFFSET). A page picked by its number (or after a reload) goes by
// number. Remembered per list and selection (filters, search, sort, page size), for this tab only.

const cursors = new Map<string, string>();
const MAX_REMEMBERED = 500;

/**
 * Fetches page `page` of the selection `scope` (everything but the page number): with the cursor
 * of the page before when it was shown, by number otherwise; remembers the answer's cursor.
 */
export async function fetchPage<T extends { nextCursor?: string | null }>(scope: unknown, page: number, get: (cursor: string | undefined) => Promise<T>): Promise<T> {
  const key = JSON.stringify(scope);
  const answer = await get(cursors.get(`${key}#${page}`));
  if (answer.nextCursor) {
    if (cursors.size >= MAX_REMEMBERED) cursors.clear();
    cursors.set(`${key}#${page + 1}`, answer.nextCursor);
  }
  return answer;
}
