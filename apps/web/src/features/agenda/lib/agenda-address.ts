import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ViewName } from '../components/agenda-toolbar.tsx';

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
