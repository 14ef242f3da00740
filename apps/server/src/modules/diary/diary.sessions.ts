import type { OrgScope } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import * as repo from './diary.repository.ts';

// The program sessions a patient records in their diary (an activity entry naming the session):
// the sport tab counts them in its adherence as the session logs (sport-programs.adherence.ts).
// Apart from diary.service.ts, which asks the sport service whether a session is the patient's.

/** The (session, day) pairs the patient's diary records for these sessions; the caller has checked the patient. */
export function diarySessionDays(ctx: AppContext, scope: OrgScope, patientId: string, sessionIds: string[]): Promise<{ sessionId: string; day: string }[]> {
  return repo.sessionDays(ctx.db, scope, patientId, sessionIds);
}
