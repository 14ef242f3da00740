import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Appointment, BookingInput, BookingOptions, FreeSlotsPage, freeSlotsAnswer, staffOverviewAnswer, WaitlistEntry } from '@wellbe/shared/schemas/agenda';
import type { Answer } from '@wellbe/shared/schemas/responses';
import { api, isApiError } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** What a refused call says to the user: the server's French message, or the error itself. */
export function errorText(err: unknown) {
  return isApiError(err) ? err.message : String(err);
}

/** GET /api/appointments/overview: requests to confirm and the day's list (staff). */
export function useOverview(day: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.agenda.overview(day),
    queryFn: ({ signal }) => api<Answer<typeof staffOverviewAnswer>>('/appointments/overview', { query: { day }, signal }).then((r) => r.data),
    enabled,
  });
}

/** GET /api/appointments/mine (patient). */
export function useMyAppointments(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.agenda.mine, queryFn: ({ signal }) => api<{ data: Appointment[] }>('/appointments/mine', { signal }).then((r) => r.data), enabled });
}

/** GET /api/appointments/options: practitioners and bookable types. */
export function useBookingOptions(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.agenda.options,
    queryFn: ({ signal }) => api<{ data: BookingOptions }>('/appointments/options', { signal }).then((r) => r.data),
    enabled,
  });
}

/**
 * GET /api/appointments/slots: free slots of a week (no names); with `firstFree`, of the first week
 * from `from` that has one, and which week it is.
 */
export function useFreeSlots(params: { practitionerId: string; typeId: string; from: string; firstFree?: 'true' } | null) {
  return useQuery({
    queryKey: queryKeys.agenda.slots({ ...params }),
    queryFn: ({ signal }) => api<Answer<typeof freeSlotsAnswer>>('/appointments/slots', { query: { ...params }, signal }).then((r): FreeSlotsPage => ({ from: r.from, slots: r.data })),
    enabled: !!params,
  });
}

/** GET /api/appointments/waitlist (patient). */
export function useWaitlist(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.agenda.waitlist, queryFn: ({ signal }) => api<{ data: WaitlistEntry[] }>('/appointments/waitlist', { signal }).then((r) => r.data), enabled });
}

export function useAppointmentActions() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: queryKeys.agenda.all });
  return {
    book: useMutation({ mutationFn: (body: BookingInput) => api<{ data: Appointment }>('/appointments', { method: 'POST', body }).then((r) => r.data), onSettled }),
    confirm: useMutation({ mutationFn: (id: string) => api<{ data: Appointment }>(`/appointments/${id}/confirm`, { method: 'POST' }).then((r) => r.data), onSettled }),
    cancel: useMutation({ mutationFn: ({ id, reason }: { id: string; reason: string }) => api<{ data: Appointment }>(`/appointments/${id}/cancel`, { method: 'POST', body: { reason } }).then((r) => r.data), onSettled }),
    joinWaitlist: useMutation({ mutationFn: (body: { practitionerId: string; fromDay: string; toDay: string }) => api('/appointments/waitlist', { method: 'POST', body }), onSettled }),
    leaveWaitlist: useMutation({ mutationFn: (id: string) => api(`/appointments/waitlist/${id}`, { method: 'DELETE' }), onSettled }),
    acceptOffer: useMutation({ mutationFn: (token: string) => api<{ data: Appointment }>('/appointments/offers/accept', { method: 'POST', body: { token } }).then((r) => r.data), onSettled }),
  };
}
