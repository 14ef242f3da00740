import { useQuery } from '@tanstack/react-query';
import { mySportQuery } from '../../../lib/my-sport.ts';

/** GET /api/sport-programs/mine (patient): the card of today's session (same cache as /program/sportif/today). */
export function useMySportToday() {
  return useQuery(mySportQuery);
}
