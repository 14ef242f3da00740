import { useQuery } from '@tanstack/react-query';
import type { myMenuTodayAnswer } from '@wellbe/shared/schemas/dietetics';
import { earlyOrFetch } from '../../../lib/early-requests.ts';
import { MY_MENU_PATH } from '@wellbe/shared/first-requests';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { Answer } from '@wellbe/shared/schemas/responses';

/** GET /api/dietetics/my-menu: a patient's current program and today's menu (their own only). */
export function useMyMenu() {
  // The first query takes the answer the page's first load asked for from the entry (app/pages.ts `early`).
  // Its error is the page's (my-menu-page.tsx), not a toast as well.
  return useQuery({ queryKey: queryKeys.dietetics.myMenu, queryFn: ({ signal }) => earlyOrFetch<Answer<typeof myMenuTodayAnswer>>(MY_MENU_PATH, signal).then((r) => r.data), retry: false, meta: { silent: true } });
}
