import { DEFAULT_TIME_ZONE } from '@wellbe/shared/domain/dates';
import { addDays, todayIn, weekdayOf } from '@wellbe/shared/domain/zoned';
import { zonedInstant } from '@wellbe/shared/domain/zoned-instant';
import { DEFAULT_WEEKLY_HOURS } from '@wellbe/shared/schemas/agenda';
import type { Database } from '../client.ts';
import { agendaExceptions, agendaSettings, appointmentTypes, appointments } from '../tables.ts';

// Demo agenda (issue 15): bookable types in both organisations; a realistic week around today for
// `pr` and `pa` (20–30 minute consultations, the lunch break, one absence of `pa`, two online
// requests waiting); one appointment of `pt` (Lucas Bernard) with `pr`.

export async function seedAgenda(
  db: Database,
  input: { organizationId: string; nordId: string; userIds: Record<string, string>; patientIds: Record<string, string>; now: Date },
): Promise<void> {
  const { organizationId, userIds, patientIds, now } = input;
  const tz = DEFAULT_TIME_ZONE;
  const types = await db
    .insert(appointmentTypes)
    .values([
      { organizationId, label: 'Consultation', durationMinutes: 30, colour: '#1565c0', bookable: true, position: 1 },
      { organizationId, label: 'Consultation courte', durationMinutes: 20, colour: '#2e7d32', bookable: true, position: 2 },
      { organizationId, label: 'Première consultation', durationMinutes: 45, colour: '#6a1b9a', bookable: false, position: 3 },
      { organizationId, label: 'Téléconsultation', durationMinutes: 20, colour: '#00838f', bookable: true, position: 4 },
      { organizationId, label: 'Bilan diététique', durationMinutes: 60, colour: '#ef6c00', jobSpecialistId: 2, bookable: true, position: 5 },
      { organizationId: input.nordId, label: 'Séance de kinésithérapie', durationMinutes: 30, colour: '#1565c0', bookable: true, position: 1 },
    ])
    .returning({ id: appointmentTypes.id, label: appointmentTypes.label, durationMinutes: appointmentTypes.durationMinutes });
  const type = (label: string) => types.find((t) => t.label === label)!;

  for (const u of ['pr', 'pa', 'pg', 'di']) {
    await db.insert(agendaSettings).values({ userId: userIds[u]!, organizationId, weeklyHours: DEFAULT_WEEKLY_HOURS, availability: [] });
  }

  const today = todayIn(tz, now);
  const names = ['Hélène Martin', 'François Dupont', 'Zoé Laurent', 'Benoît Mercier', 'Céline Faure', 'Jérôme Blanc', 'Anaïs Chevalier', 'Gaëlle Robin', 'Étienne Rousseau', 'Maëlys Gautier', 'Noël Perrin'];
  const plan: Record<string, [string, string][]> = {
    pr: [['09:00', 'Consultation'], ['09:30', 'Consultation courte'], ['10:30', 'Consultation'], ['11:30', 'Consultation courte'], ['14:00', 'Consultation'], ['15:00', 'Téléconsultation'], ['16:30', 'Consultation']],
    pa: [['09:00', 'Première consultation'], ['10:00', 'Consultation'], ['11:00', 'Consultation courte'], ['14:30', 'Consultation'], ['15:30', 'Consultation courte']],
  };
  // The absence: pa's next weekday after tomorrow (a training day).
  let absenceDay = addDays(today, 2);
  while (weekdayOf(absenceDay) > 5) absenceDay = addDays(absenceDay, 1);
  await db.insert(agendaExceptions).values({ organizationId, practitionerId: userIds.pa!, startsAt: zonedInstant(absenceDay, '00:00', tz), endsAt: zonedInstant(addDays(absenceDay, 1), '00:00', tz), label: 'Formation continue' });

  const rows: (typeof appointments.$inferInsert)[] = [];
  let n = 0;
  for (let offset = -3; offset <= 7; offset++) {
    const day = addDays(today, offset);
    if (weekdayOf(day) > 5) continue;
    for (const who of ['pr', 'pa'] as const) {
      if (who === 'pa' && day === absenceDay) continue;
      for (const [time, label] of plan[who]!) {
        const t = type(label);
        const startsAt = zonedInstant(day, time, tz);
        const endsAt = new Date(startsAt.getTime() + t.durationMinutes * 60_000);
        const past = endsAt < now;
        n++;
        const status = past ? (n % 13 === 0 ? 'absent' : 'honoré') : 'confirmé';
        rows.push({
          organizationId,
          practitionerId: userIds[who]!,
          patientId: patientIds[names[n % names.length]!]!,
          typeId: t.id,
          startsAt,
          endsAt,
          teleconsultation: label === 'Téléconsultation',
          status,
          confirmedAt: now,
          // Past and imminent ones need no reminder (the demo must not mail on first start).
          reminderSentAt: startsAt.getTime() - now.getTime() < 36 * 3600_000 ? now : null,
          createdBy: userIds[who]!,
          createdVia: 'staff',
          createdAt: now,
          updatedAt: now,
        });
      }
    }
  }
  // A team meeting without patient (a free-text title).
  let meetingDay = addDays(today, 1);
  while (weekdayOf(meetingDay) > 5) meetingDay = addDays(meetingDay, 1);
  rows.push({ organizationId, practitionerId: userIds.pr!, title: 'Réunion d’équipe', startsAt: zonedInstant(meetingDay, '18:00', tz), endsAt: zonedInstant(meetingDay, '18:45', tz), status: 'confirmé', confirmedAt: now, createdBy: userIds.pr!, createdVia: 'staff', createdAt: now, updatedAt: now });
  // Two online requests waiting for confirmation, and the pt's own appointment.
  let later = addDays(today, 3);
  while (weekdayOf(later) > 5) later = addDays(later, 1);
  let later2 = addDays(later, 1);
  while (weekdayOf(later2) > 5) later2 = addDays(later2, 1);
  const consultation = type('Consultation');
  for (const [day, name] of [
    [later, 'Céline Faure'],
    [later2, 'Noël Perrin'],
  ] as const) {
    const startsAt = zonedInstant(day, '17:30', tz);
    rows.push({ organizationId, practitionerId: userIds.pr!, patientId: patientIds[name]!, typeId: consultation.id, startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000), status: 'demandé', createdVia: 'patient', createdAt: now, updatedAt: now });
  }
  const ptStart = zonedInstant(later, '12:00', tz);
  rows.push({ organizationId, practitionerId: userIds.pr!, patientId: patientIds['Lucas Bernard']!, typeId: consultation.id, startsAt: ptStart, endsAt: new Date(ptStart.getTime() + 30 * 60_000), status: 'confirmé', confirmedAt: now, createdBy: userIds.pt!, createdVia: 'patient', note: 'Suivi lombalgie', createdAt: now, updatedAt: now });
  await db.insert(appointments).values(rows);
}
