import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useAppointmentMutations } from '../api/agenda-mutations.ts';

export interface CalendarMove {
  event: { id: string; start: Date | null; end: Date | null };
  revert: () => void;
  done?: () => void;
}

/** A drag or a resize (and, in the day columns, a drop in another practitioner's column): saved, or put back with the server's refusal. */
export function useMoveAppointment() {
  const { t } = useTranslation('agenda');
  const mutations = useAppointmentMutations();
  return async (info: CalendarMove, practitionerId?: string) => {
    try {
      const a = await mutations.update.mutateAsync({ id: info.event.id, startsAt: info.event.start!.toISOString(), endsAt: (info.event.end ?? info.event.start!).toISOString(), ...(practitionerId ? { practitionerId } : {}) });
      info.done?.();
      notify(a.warning ?? t('moved'), a.warning ? 'warning' : 'success');
    } catch (err) {
      info.revert();
      notify(isApiError(err) ? err.message : String(err), 'error');
    }
  };
}
