import { and, eq, inArray, isNull } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '@wellbe/shared/domain/dates';
import { addDays, todayIn } from '@wellbe/shared/domain/zoned';
import type { Database } from '../../client.ts';
import { exercises, sportGenders, sportLevels, sportObjectives, sportProgramTypes, sportSessionLogs, sportSessions } from '../../tables.ts';
import { systemScope } from '../../../access/scope.ts';
import { saveProgram } from '../../../modules/sport-programs/sport-programs.repository.ts';

// Demo sport data: a low-back program template of Cabinet Démo with three sessions, assigned to
// Lucas Bernard two weeks ago (some sessions logged) and to Hélène Martin three weeks ago (nothing
// logged: she appears on the dashboard's list of inactive patients).

// Days of the practice's calendar (what the screens call today), not of UTC: near midnight they differ.
const day = (now: Date, offset: number) => addDays(todayIn(DEFAULT_TIME_ZONE, now), offset);

export async function seedSportDemo(tx: Database, ids: { organizationId: string; practitionerId: string; patients: { lucas: string; helene: string }; now: Date }): Promise<void> {
  const codes = ['Butt_Lift_Bridge', 'Plank', 'Dead_Bug', 'Cat_Stretch', 'Bodyweight_Squat', 'Side_Bridge', 'Hamstring_Stretch', 'Superman', 'Childs_Pose', 'Bicycling_Stationary'];
  const rows = await tx
    .select({ id: exercises.id, sourceId: exercises.sourceId })
    .from(exercises)
    .where(and(inArray(exercises.sourceId, codes), isNull(exercises.organizationId)));
  const ex = new Map(rows.map((r) => [r.sourceId, r.id]));
  const code = async (table: typeof sportLevels, c: string) => (await tx.select({ id: table.id }).from(table).where(eq(table.code, c)))[0]?.id ?? null;
  const line = (id: string, sets: number, reps: number | null, durationS: number | null, restS: number, notes = '') => ({ exerciseId: ex.get(id)!, sets, reps, durationS, loadKg: null, loadPct: null, restS, tempo: '', notes });
  const sessions = [
    { name: 'Séance A — gainage', exercises: [line('Cat_Stretch', 1, 10, null, 30), line('Butt_Lift_Bridge', 3, 12, null, 60), line('Plank', 3, null, 30, 60, 'Sans cambrer le dos'), line('Dead_Bug', 3, 10, null, 45)] },
    { name: 'Séance B — bas du corps', exercises: [line('Bicycling_Stationary', 1, null, 600, 60), line('Bodyweight_Squat', 3, 12, null, 60), line('Side_Bridge', 2, null, 20, 45), line('Hamstring_Stretch', 2, null, 30, 15)] },
    { name: 'Séance C — mobilité', exercises: [line('Cat_Stretch', 2, 10, null, 15), line('Superman', 3, 8, null, 45), line('Childs_Pose', 2, null, 30, 15)] },
  ];
  const scope = systemScope(ids.organizationId);
  const base = {
    organizationId: scope.organizationId,
    name: 'Lombalgie — renforcement du tronc',
    description: 'Programme de 6 semaines : gainage, mobilité lombaire et renforcement des fessiers, 3 séances par semaine.',
    objectiveId: await code(sportObjectives, 'back-pain'),
    typeId: await code(sportProgramTypes, 'rehabilitation'),
    levelId: await code(sportLevels, 'beginner'),
    genderId: await code(sportGenders, 'all'),
    weeks: 6,
    sessionsPerWeek: 3,
    createdBy: ids.practitionerId,
  };
  // A new program: saveProgram answers null only for a change outside the scope.
  const templateId = (await saveProgram(tx, scope, null, base, sessions))!;
  const assign = async (patientId: string, offset: number) =>
    (await saveProgram(tx, scope, null, { ...base, patientId, templateId, startDate: day(ids.now, offset), endDate: day(ids.now, offset + 41) }, sessions))!;
  const lucasProgram = await assign(ids.patients.lucas, -14);
  await assign(ids.patients.helene, -21);

  const own = await tx.select({ id: sportSessions.id, position: sportSessions.position }).from(sportSessions).where(eq(sportSessions.programId, lucasProgram));
  const sessionAt = (p: number) => own.find((s) => s.position === p)!.id;
  const logs = [
    { offset: -13, p: 0, status: 'done', rpe: 5, pain: 5 },
    { offset: -11, p: 1, status: 'done', rpe: 6, pain: 4 },
    { offset: -9, p: 2, status: 'partial', rpe: 4, pain: 5 },
    { offset: -6, p: 0, status: 'done', rpe: 5, pain: 3 },
    { offset: -4, p: 1, status: 'done', rpe: 6, pain: 3 },
    { offset: -2, p: 2, status: 'skipped', rpe: null, pain: 2 },
  ];
  await tx.insert(sportSessionLogs).values(
    logs.map((l) => ({
      organizationId: ids.organizationId,
      patientId: ids.patients.lucas,
      programId: lucasProgram,
      sessionId: sessionAt(l.p),
      day: day(ids.now, l.offset),
      status: l.status,
      rpe: l.rpe,
      pain: l.pain,
      comment: l.status === 'skipped' ? 'Pas le temps cette semaine.' : '',
    })),
  );
}
