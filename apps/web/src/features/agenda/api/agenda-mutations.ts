import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgendaSettingsInput, Appointment, AppointmentInput, AppointmentPatch, icalFeedAnswer } from '@wellbe/shared/schemas/agenda';
import type { Answer } from '@wellbe/shared/schemas/responses';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * POST/PATCH /api/agenda/appointments…: every agenda query refreshes after a change. Each caller
 * shows a refusal itself (the booking dialog in place, a drag by a toast as it snaps back), so the
 * global error toast is silenced: a refused double booking is said once, not twice.
 */
export function useAppointmentMutations() {
  const client = useQueryClient();
  const common = { onSettled: () => client.invalidateQueries({ queryKey: queryKeys.agenda.all }), meta: { silent: true } };
  return {
    create: useMutation({ mutationFn: (body: AppointmentInput) => api<{ data: Appointment }>('/agenda/appointments', { method: 'POST', body }).then((r) => r.data), ...common }),
    update: useMutation({ mutationFn: ({ id, ...body }: AppointmentPatch & { id: string }) => api<{ data: Appointment }>(`/agenda/appointments/${id}`, { method: 'PATCH', body }).then((r) => r.data), ...common }),
    status: useMutation({ mutationFn: ({ id, status }: { id: string; status: 'confirmé' | 'honoré' | 'absent' }) => api<{ data: Appointment }>(`/agenda/appointments/${id}/status`, { method: 'POST', body: { status } }).then((r) => r.data), ...common }),
    cancel: useMutation({ mutationFn: ({ id, reason }: { id: string; reason: string }) => api<{ data: Appointment }>(`/agenda/appointments/${id}/cancel`, { method: 'POST', body: { reason } }).then((r) => r.data), ...common }),
  };
}

/** PUT /api/agenda/settings/:id, exceptions, the iCal feed. */
export function useSettingsMutations(practitionerId: string) {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: queryKeys.agenda.all });
  return {
    save: useMutation({ mutationFn: (body: AgendaSettingsInput) => api(`/agenda/settings/${practitionerId}`, { method: 'PUT', body }), onSettled }),
    addException: useMutation({ mutationFn: (body: { startsAt: string; endsAt: string; label: string }) => api(`/agenda/settings/${practitionerId}/exceptions`, { method: 'POST', body }), onSettled }),
    removeException: useMutation({ mutationFn: (id: string) => api(`/agenda/settings/${practitionerId}/exceptions/${id}`, { method: 'DELETE' }), onSettled }),
    createFeed: useMutation({ mutationFn: () => api<Answer<typeof icalFeedAnswer>>('/agenda/ical', { method: 'POST' }).then((r) => r.data), onSettled }),
    revokeFeed: useMutation({ mutationFn: () => api('/agenda/ical', { method: 'DELETE' }), onSettled }),
  };
}
