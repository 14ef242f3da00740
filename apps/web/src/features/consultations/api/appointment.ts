import type { Appointment } from '@wellbe/shared/schemas/agenda';
import { api } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The appointment a consultation is started from (GET /api/agenda/appointments/:id). */
export function readAppointment(id: string): Promise<Appointment> {
  return api<{ data: Appointment }>(`/agenda/appointments/${encodeURIComponent(id)}`).then((a) => a.data);
}

/**
 * "Time of consultation" (issue 15): the saved consultation marks its appointment honoured and
 * links both (POST /api/agenda/appointments/:id/status); open calendars refresh.
 */
export async function markAppointmentHonoured(id: string, consultationId: string): Promise<void> {
  await api(`/agenda/appointments/${encodeURIComponent(id)}/status`, { method: 'POST', body: { status: 'honoré', consultationId }, on401: 'throw' });
  void queryClient.invalidateQueries({ queryKey: queryKeys.agenda.all });
}
