import { QUESTIONNAIRE_MESSAGES as M } from '@wellbe/shared/schemas/questionnaires';
import { addDays, localParts } from '@wellbe/shared/domain/zoned';
import { zonedInstant } from '@wellbe/shared/domain/zoned-instant';
import type { OneOrgScope } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { OrganisationsService } from '../organisations/organisations.service.ts';
import { programSpans, type ProgramSpan } from '../sport-programs/sport-programs.service.ts';

// A questionnaire sent "weekly for the length of a program": one assignment per week of the
// patient's sport program, each shown from the first day of its week (midnight in the
// organisation's time zone) and due by the next, from the program's start to its end. The
// program is read through the sport area; an archived program stops the weeks not yet
// started, a shortened one the weeks past its new end (read at each listing, so no job is needed).

export interface ProgramWeek {
  availableAt: Date;
  dueAt: Date;
}

/** The weeks of the patient's program still to come (the current one included), or a French 404/409. */
export async function programWeeks(ctx: AppContext, scope: OneOrgScope, patientId: string, programId: string): Promise<ProgramWeek[]> {
  const [span] = await programSpans(ctx, scope, patientId, [programId]);
  if (!span || span.archivedAt) throw notFound(M.programNotFound, 'program_not_found');
  const zone = await new OrganisationsService(ctx).timeZone(scope.organizationId);
  const now = ctx.clock.now();
  const weeks: ProgramWeek[] = [];
  for (let day = span.startDate; day <= span.endDate; day = addDays(day, 7)) {
    // The last week ends with the program (its end date may not fall on a whole week).
    const next = addDays(day, 7) <= span.endDate ? addDays(day, 7) : addDays(span.endDate, 1);
    const week = { availableAt: zonedInstant(day, '00:00', zone), dueAt: zonedInstant(next, '00:00', zone) };
    if (week.dueAt.getTime() > now) weeks.push(week);
  }
  if (!weeks.length) throw conflict(M.programOver, 'program_over');
  return weeks;
}

interface Scheduled {
  a: { programId: string | null; status: string; availableAt: Date };
}

/** Drops the weeks a program no longer has: not begun when it was archived, or past its end; answered ones stay. */
export async function withoutStoppedWeeks<T extends Scheduled>(ctx: AppContext, scope: OneOrgScope, patientId: string, rows: T[]): Promise<T[]> {
  const ids = [...new Set(rows.map((r) => r.a.programId).filter((id): id is string => !!id))];
  if (!ids.length) return rows;
  const spans = new Map<string, ProgramSpan>((await programSpans(ctx, scope, patientId, ids)).map((s) => [s.id, s]));
  const zone = await new OrganisationsService(ctx).timeZone(scope.organizationId);
  return rows.filter((r) => {
    if (!r.a.programId || r.a.status !== 'pending') return true;
    const span = spans.get(r.a.programId);
    if (!span) return false;
    if (span.archivedAt && span.archivedAt <= r.a.availableAt) return false;
    return localParts(r.a.availableAt, zone).day <= span.endDate;
  });
}
