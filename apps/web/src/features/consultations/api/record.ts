import type { Addendum } from '@wellbe/shared/schemas/history';
import { api } from '../../../lib/api.ts';

/** POST /api/consultations/:id/sign (issue 32): the author signs, which locks the consultation. */
export function signConsultation(id: string): Promise<void> {
  return api(`/consultations/${encodeURIComponent(id)}/sign`, { method: 'POST' }).then(() => undefined);
}

/** POST /api/consultations/:id/addenda: a dated, signed complement (the only change to a locked one). */
export function addAddendum(id: string, text: string): Promise<Addendum> {
  return api<{ data: Addendum }>(`/consultations/${encodeURIComponent(id)}/addenda`, { method: 'POST', body: { text } }).then((a) => a.data);
}
