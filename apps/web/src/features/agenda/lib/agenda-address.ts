import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { VIEWS, type ViewName } from './period.ts';

/** The route's parameters of /agenda/{handle}/{view}/{date} (app routes, shared routes.ts). */
export interface AgendaParams {
  agendaHandle?: string;
  agendaUri?: string;
  agendaDate?: string;
}

/**
 * What the address names: whose agenda ('moi' when none), the view (a day on a phone, a week
 * elsewhere, when none or an unknown one) and the day (`today`, in the practice's calendar, when
 * none or not a YYYY-MM-DD). The page reads it, and so does the request of its first period sent
 * with the frame (period-request.ts): both must ask for the same one.
 */
export function readAddress(params: AgendaParams, phone: boolean, today: string): { handle: string; view: ViewName; date: string } {
  const view = params.agendaUri && params.agendaUri in VIEWS ? (params.agendaUri as ViewName) : phone ? 'jour' : 'semaine';
  const date = params.agendaDate && /^\d{4}-\d{2}-\d{2}$/.test(params.agendaDate) ? params.agendaDate : today;
  return { handle: params.agendaHandle ?? 'moi', view, date };
}

/**
 * The agenda's address /agenda/{handle}/{view}/{date}: `go` asks for another one. `complete` is
 * false on /agenda and /agenda/{handle}, which then open on the full, shareable address.
 */
export function useAgendaAddress(handle: string, view: ViewName, date: string, complete: boolean) {
  const navigate = useNavigate();
  // FullCalendar reports its first period (datesSet) while it mounts, before this page's own effects
  // have run: navigating there is what React Router warns about. The address is asked for here and
  // changed in an effect, after the render that asked.
  const [address, setAddress] = useState<string | null>(null);
  useEffect(() => {
    if (!address) return;
    setAddress(null);
    void navigate(address, { replace: true });
  }, [address]);
  const go = (nextHandle: string, nextView: ViewName, nextDate: string) => setAddress(`/agenda/${nextHandle}/${nextView}/${nextDate}`);

  // /agenda and /agenda/{handle} open on a full, shareable address (reloads on the same view); the
  // calendar, mounted first, may already have asked for its period's first day (a week's Monday).
  useEffect(() => {
    if (!complete) setAddress((asked) => asked ?? `/agenda/${handle}/${view}/${date}`);
  }, [complete]);
  return go;
}
