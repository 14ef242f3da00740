import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  actAnswer,
  ActInput,
  actListAnswer,
  creditNoteAnswer,
  invoiceAnswer,
  invoiceDayAnswer,
  invoiceListAnswer,
  invoicePageAnswer,
  noShowListAnswer,
  InvoiceInput,
  PaymentInput,
  paymentAnswer,
  receiptsBookAnswer,
} from '@wellbe/shared/schemas/invoices';
import type { Appointment, AppointmentType } from '@wellbe/shared/schemas/agenda';
import type { Answer } from '@wellbe/shared/schemas/responses';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// The Facturation area's calls (/api/invoices). Amounts stay integer cents in every state.

export function useInvoices(params: { unpaid?: boolean; patientId?: string }) {
  return useQuery({
    queryKey: queryKeys.invoices.list(params),
    queryFn: ({ signal }) =>
      api<Answer<typeof invoicePageAnswer>>('/invoices', { query: { pageSize: 100, unpaid: params.unpaid ? 'true' : undefined, patientId: params.patientId }, signal }),
  });
}

/** A patient's no-shows (appointments marked absent) and the no-show fee invoiced for each, if any. */
export function useNoShows(patientId: string) {
  return useQuery({
    queryKey: [...queryKeys.invoices.all, 'no-shows', patientId],
    queryFn: ({ signal }) => api<Answer<typeof noShowListAnswer>>(`/invoices/no-shows/${patientId}`, { signal }).then((r) => r.data),
  });
}

export function useInvoice(id: string | null) {
  return useQuery({
    queryKey: queryKeys.invoices.one(id ?? ''),
    enabled: !!id,
    queryFn: ({ signal }) => api<Answer<typeof invoiceAnswer>>(`/invoices/${id}`, { signal }).then((r) => r.data),
  });
}

export function useMyInvoices() {
  return useQuery({ queryKey: queryKeys.invoices.mine, queryFn: ({ signal }) => api<Answer<typeof invoiceListAnswer>>('/invoices/mine', { signal }).then((r) => r.data) });
}

export function useActs() {
  return useQuery({ queryKey: queryKeys.invoices.acts, queryFn: ({ signal }) => api<Answer<typeof actListAnswer>>('/invoices/acts', { signal }).then((r) => r.data) });
}

/** The appointment an invoice starts from: its type names the default act of the price list. */
export function useAppointmentOf(id: string | undefined) {
  return useQuery({
    queryKey: [...queryKeys.agenda.all, 'appointment', id ?? ''],
    enabled: !!id,
    queryFn: ({ signal }) => api<{ data: Appointment }>(`/agenda/appointments/${id}`, { signal }).then((r) => r.data),
  });
}

/** The organisation's appointment types, to give an act as their default (the agenda's own list, same key). */
export function useAppointmentTypeChoices() {
  return useQuery({ queryKey: queryKeys.agenda.types, queryFn: ({ signal }) => api<{ data: AppointmentType[] }>('/agenda/types', { signal }).then((r) => r.data) });
}

export function useInvoicesToday(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.invoices.today, enabled, queryFn: ({ signal }) => api<Answer<typeof invoiceDayAnswer>>('/invoices/today', { signal }).then((r) => r.data) });
}

export function useReceiptsBook(params: { from: string; to: string }) {
  return useQuery({
    queryKey: queryKeys.invoices.book(params),
    queryFn: ({ signal }) => api<Answer<typeof receiptsBookAnswer>>('/invoices/receipts-book', { query: params, signal }).then((r) => r.data),
  });
}

function useInvalidating<A, T>(run: (args: A) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all }) });
}

export function useCreateInvoice() {
  return useInvalidating((input: InvoiceInput) => api<Answer<typeof invoiceAnswer>>('/invoices', { method: 'POST', body: input }).then((r) => r.data));
}

export function useAddPayment(id: string) {
  return useInvalidating((input: PaymentInput) => api<Answer<typeof paymentAnswer>>(`/invoices/${id}/payments`, { method: 'POST', body: input }).then((r) => r.data));
}

export function useCreditNote(id: string) {
  return useInvalidating((input: { amountCents?: number; reason?: string }) => api<Answer<typeof creditNoteAnswer>>(`/invoices/${id}/credit-note`, { method: 'POST', body: input }).then((r) => r.data));
}

export function useSaveAct(id: string | null) {
  return useInvalidating((input: ActInput) =>
    api<Answer<typeof actAnswer>>(id ? `/invoices/acts/${id}` : '/invoices/acts', { method: id ? 'PUT' : 'POST', body: input }).then((r) => r.data),
  );
}

export function useArchiveAct() {
  return useInvalidating((id: string) => api<void>(`/invoices/acts/${id}`, { method: 'DELETE' }));
}
