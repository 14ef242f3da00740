import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { jobSpecialists } from '../tables.ts';

// DESIGN §5: reference job specialities. Id 1 is the general profile of SPEC §7 (no dietetic fields).
export const JOB_SPECIALISTS = [
  { id: 1, position: 1, label: 'Médecin généraliste', dietetic: false, labels: { fr: 'Médecin généraliste', en: 'General practitioner', tr: 'Pratisyen hekim', ar: 'طبيب عام' } },
  { id: 2, position: 2, label: 'Diététicien(ne)', dietetic: true, labels: { fr: 'Diététicien(ne)', en: 'Dietitian', tr: 'Diyetisyen', ar: 'أخصائي تغذية' } },
  { id: 3, position: 3, label: 'Kinésithérapeute', dietetic: true, labels: { fr: 'Kinésithérapeute', en: 'Physiotherapist', tr: 'Fizyoterapist', ar: 'أخصائي علاج طبيعي' } },
  { id: 4, position: 4, label: 'Coach sportif', dietetic: true, labels: { fr: 'Coach sportif', en: 'Sports coach', tr: 'Spor koçu', ar: 'مدرب رياضي' } },
];

export async function seedSpecialists(db: Database): Promise<void> {
  await db.insert(jobSpecialists).overridingSystemValue().values(JOB_SPECIALISTS).onConflictDoNothing();
  // Explicit ids were inserted: move the identity past them so new specialities do not collide.
  await db.execute(sql`select setval(pg_get_serial_sequence('job_specialists', 'id'), greatest((select max(id) from job_specialists), 1))`);
}
