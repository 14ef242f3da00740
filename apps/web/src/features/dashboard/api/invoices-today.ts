import { useQuery } from '@tanstack/react-query';
import type { invoiceDayAnswer } from '@wellbe/shared/schemas/invoices';
import type { Answer } from '@wellbe/shared/schemas/responses';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/invoices/today: the day's receipts and the unpaid invoices (the Facturation card). */
export function useInvoicesToday() {
  return useQuery({ queryKey: queryKeys.invoices.today, queryFn: ({ signal }) => api<Answer<typeof invoiceDayAnswer>>('/invoices/today', { signal }).then((r) => r.data) });
}
