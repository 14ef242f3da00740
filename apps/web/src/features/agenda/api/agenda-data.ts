import { useQuery } from '@tanstack/react-query';
import type { AgendaPeriod, AgendaPractitioner, AgendaSettings, AppointmentType } from '@wellbe/shared/schemas/agenda';
import { AGENDA_PRACTITIONERS_PATH } from '@wellbe/shared/first-requests';
import { api } from '../../../lib/api.ts';
import { periodPath, type PeriodQuery } from '../lib/period-request.ts';
import { earlyOrFetch } from '../../../lib/early-requests.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/agenda/practitioners: the organisation's agendas. The first query takes the answer the
 * page's HTML asked for (shared first-requests.ts): the period's appointments wait for it.
 */
export function usePractitioners() {
  return useQuery({ queryKey: queryKeys.agenda.practitioners, queryFn: ({ signal }) => earlyOrFetch<{ data: AgendaPractitioner[] }>(AGENDA_PRACTITIONERS_PATH, signal).then((r) => r.data) });
}

/**
 * GET /api/agenda/appointments: the events (what the calendar draws) and absences of a period. The
 * first period's answer may have been asked with the frame (lib/period-request.ts): taken by its path.
 */
export function useAgendaRange(params: PeriodQuery | null) {
  return useQuery({
    queryKey: queryKeys.agenda.range({ ...params }),
    queryFn: ({ signal }) => earlyOrFetch<{ data: AgendaPeriod }>(periodPath(params!), signal).then((r) => r.data),
    enabled: !!params && !!params.practitioners,
    placeholderData: (previous) => previous,
  });
}

/** GET /api/agenda/types: appointment types of the organisation, or a practitioner's own (the booking dialog). */
export function useAppointmentTypes(practitionerId?: string) {
  return useQuery({
    queryKey: practitionerId ? [...queryKeys.agenda.types, practitionerId] : queryKeys.agenda.types,
    queryFn: ({ signal }) => api<{ data: AppointmentType[] }>('/agenda/types', { query: practitionerId ? { practitionerId } : undefined, signal }).then((r) => r.data),
  });
}

/** GET /api/agenda/settings/:id: working hours, exceptions, iCal state. */
export function useAgendaSettings(practitionerId: string | null) {
  return useQuery({
    queryKey: queryKeys.agenda.settings(practitionerId ?? ''),
    queryFn: ({ signal }) => api<{ data: AgendaSettings }>(`/agenda/settings/${practitionerId}`, { signal }).then((r) => r.data),
    enabled: !!practitionerId,
  });
}
