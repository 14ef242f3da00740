import { localParts, todayIn } from '@wellbe/shared/domain/zoned';
import { computeAdherence, type Adherence, type SessionLog } from '@wellbe/shared/schemas/sport';
import type { Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { painBetween } from '../consultations/consultations.measures.service.ts';
import { OrganisationsService } from '../organisations/organisations.service.ts';
import type * as repo from './sport-programs.repository.ts';

// The adherence of a patient's program (the patient file's "Programme sportif" tab): a session is
// done when the patient logs it in their program or records it in their diary (an activity entry
// naming the session, which the diary's own adherence counts), once a day whichever says it: the
// log keeps its status (done, partial, skipped), a diary entry alone counts as done.

type Recorded = Pick<SessionLog, 'sessionId' | 'day' | 'status' | 'rpe' | 'pain'>;

/** The logs, and the diary's (session, day) pairs no log of that session that day already records, as done. */
export function sessionsRecorded(logs: Recorded[], diary: { sessionId: string; day: string }[]): Recorded[] {
  const logged = new Set(logs.map((l) => `${l.sessionId}@${l.day}`));
  const fromDiary = diary.filter((d) => !logged.has(`${d.sessionId}@${d.day}`)).map((d) => ({ ...d, status: 'done' as const, rpe: null, pain: null }));
  return [...logs, ...fromDiary];
}

/** SPEC §3 pain intensity bands ('1-2' … '9-10') as their midpoint on 0–10. */
function bandMidpoint(band: string | null): number | null {
  const m = /^(\d+)-(\d+)$/.exec(band ?? '');
  return m ? (Number(m[1]) + Number(m[2])) / 2 : null;
}

export async function adherenceOf(ctx: AppContext, caller: Caller, program: repo.ProgramRow, recorded: Recorded[]): Promise<Adherence> {
  const timeZone = await new OrganisationsService(ctx).timeZone(program.organizationId);
  const day = todayIn(timeZone, ctx.clock.now());
  const base = computeAdherence({ startDate: program.startDate!, weeks: program.weeks, sessionsPerWeek: program.sessionsPerWeek }, recorded, day);
  const pain = await painBetween(ctx, caller, program.patientId!, program.startDate!, program.endDate! < day ? program.endDate! : day);
  return {
    ...base,
    consultationPain: pain.flatMap((p) => {
      const v = bandMidpoint(p.intensity);
      return v == null ? [] : [{ day: localParts(p.at, timeZone).day, pain: v }];
    }),
  };
}
