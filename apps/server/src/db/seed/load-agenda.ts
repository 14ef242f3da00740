import { and, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { appointmentTypes, appointments, organisations, patients, users } from '../tables.ts';

// `npm run bench -- agenda` (LOAD_APPOINTMENTS=50000 for seed:load): the organisation's agendas
// filled for the week-view benchmark. Ten practitioners (the demo ones, completed by practitioners
// 'bench-pr-N' who never sign in), 20 appointments of 30 minutes a weekday each, around today, on
// the loaded patients, statuses spread as a practice's (the dashboards and /statistics read
// them). Idempotent; the exclusion
// constraint keeps the demo appointments (an overlapping row is skipped).

const PRACTITIONERS = 10;
const PER_DAY = 20;
const BATCH = 2000;

export async function loadAppointments(db: Database, organisationName: string, total: number, log: (m: string) => void): Promise<void> {
  const [org] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.name, organisationName)).limit(1);
  if (!org) throw new Error(`Organisation introuvable : ${organisationName}`);
  const [{ n }] = await db.select({ n: count() }).from(appointments).where(eq(appointments.organizationId, org.id));
  if (n >= total * 0.95) {
    log(`${organisationName} compte déjà ${n} rendez-vous : rien à charger.`);
    return;
  }
  const started = Date.now();
  const roles = ['PA', 'PR', 'PG', 'DE'];
  let staff = await db.select({ id: users.id }).from(users).where(and(eq(users.organizationId, org.id), inArray(users.role, roles), eq(users.active, true)));
  for (let i = staff.length + 1; staff.length < PRACTITIONERS; i++) {
    const [row] = await db
      .insert(users)
      .values({ organizationId: org.id, username: `bench-pr-${i}`, email: `bench-pr-${i}@exemple.fr`, role: 'PR', firstName: 'Praticien', lastName: `Banc ${i}`, displayName: `Praticien Banc ${i}`, active: true })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (row) staff = [...staff, row];
    else staff = await db.select({ id: users.id }).from(users).where(and(eq(users.organizationId, org.id), inArray(users.role, roles), eq(users.active, true)));
  }
  staff = staff.slice(0, PRACTITIONERS);
  const people = (await db.select({ id: patients.id }).from(patients).where(eq(patients.organizationId, org.id)).limit(20_000)).map((p) => p.id);
  const [type] = await db.select({ id: appointmentTypes.id }).from(appointmentTypes).where(eq(appointmentTypes.organizationId, org.id)).limit(1);
  const perPractitioner = Math.ceil(total / staff.length);
  const weekdays = Math.ceil(perPractitioner / PER_DAY);
  // Weekdays from about two thirds of the range in the past to one third ahead (UTC 07:00–17:00).
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  const days: Date[] = [];
  for (let d = new Date(today.getTime() - Math.round(weekdays * 0.7 * 1.4) * 86_400_000); days.length < weekdays; d = new Date(d.getTime() + 86_400_000)) {
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) days.push(d);
  }
  let seed = 7;
  const rand = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  const now = Date.now();
  let rows: (typeof appointments.$inferInsert)[] = [];
  let made = 0;
  const flush = async () => {
    if (rows.length) made += (await db.insert(appointments).values(rows).onConflictDoNothing().returning({ id: appointments.id })).length;
    rows = [];
  };
  for (const p of staff) {
    for (const day of days) {
      for (let k = 0; k < PER_DAY; k++) {
        const startsAt = new Date(day.getTime() + (7 * 60 + k * 30) * 60_000);
        // Past: honoured (85 %), missed (7 %) or cancelled; future: confirmed (80 %) or still
        // requested. Booked 1 to 30 days ahead, so /statistics' booking delays read a spread.
        const r = rand();
        const past = startsAt.getTime() < now;
        const status = past ? (r < 0.85 ? 'honoré' : r < 0.92 ? 'absent' : 'annulé') : r < 0.8 ? 'confirmé' : 'demandé';
        const bookedAt = new Date(Math.min(now, startsAt.getTime() - (1 + Math.floor(rand() * 30)) * 86_400_000));
        rows.push({
          organizationId: org.id,
          practitionerId: p.id,
          patientId: people.length ? people[Math.floor(rand() * people.length)]! : null,
          title: people.length ? null : 'Rendez-vous',
          typeId: type?.id ?? null,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 30 * 60_000),
          status,
          cancelReason: status === 'annulé' ? 'Empêchement' : null,
          createdAt: bookedAt,
          confirmedAt: status === 'demandé' ? null : bookedAt,
          createdBy: p.id,
          createdVia: 'staff',
        });
        if (rows.length >= BATCH) await flush();
      }
    }
  }
  await flush();
  log(`${made} rendez-vous chargés pour ${staff.length} praticiens en ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
