import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { runCli } from '../../lib/cli.ts';
import type { Database } from '../client.ts';
import { consultations, notices, organisations, patients, users } from '../tables.ts';
import { patientKeys } from '../../modules/patients/patients.keys.ts';
import { seedDemo } from './demo.ts';
import { loadAppointments } from './load-agenda.ts';
import { backfillVersions } from './load-history.ts';
import { loadListRows } from './load-lists.ts';
import { loadScale } from './load-scale.ts';

// `npm run seed:load`: 10,000 patients with 5 consultations each in one organisation
// (LOAD_ORGANISATION, 'Cabinet Démo' by default, whose demo practitioners sign the consultations),
// for the patient-list benchmark. Batch inserts; idempotent: an organisation that already holds
// the patients is left as it is. Same database as the server: DATABASE_URL, or the embedded one
// under DATA_DIR (the server must not be running on it). LOAD_SCALE_ORGANISATIONS=1000 loads the
// million-patient figure instead (load-scale.ts: LOAD_PATIENTS per practice, 1,000 by default).

const PATIENTS = Number(process.env.LOAD_PATIENTS ?? 10_000);
const PER_PATIENT = 5;
const BATCH = 1000;

export const FIRST = ['Adèle', 'Agathe', 'Alexandre', 'Alice', 'Amélie', 'André', 'Anaïs', 'Antoine', 'Arnaud', 'Aurélie', 'Baptiste', 'Bérénice', 'Camille', 'Cécile', 'Chloé', 'Clément', 'Damien', 'Denis', 'Élise', 'Éloïse', 'Émile', 'Estelle', 'Fabien', 'Florian', 'Gaël', 'Geneviève', 'Guillaume', 'Hélène', 'Hugo', 'Irène', 'Jérémie', 'Joël', 'Juliette', 'Laetitia', 'Léon', 'Louise', 'Manon', 'Margaux', 'Mathis', 'Michèle', 'Nathan', 'Noémie', 'Océane', 'Pascal', 'Pénélope', 'Quentin', 'Rémi', 'Sébastien', 'Solène', 'Timothée'];
export const LAST = ['Aubert', 'Barbier', 'Benoît', 'Bertrand', 'Boucher', 'Bourgeois', 'Brun', 'Carré', 'Chauvin', 'Clément', 'Collet', 'Denis', 'Deschamps', 'Dumas', 'Dupuis', 'Duval', 'Fabre', 'Fleury', 'Fontaine', 'Gérard', 'Giraud', 'Guérin', 'Hamel', 'Hébert', 'Huet', 'Jacob', 'Joly', 'Lacroix', 'Lebrun', 'Leclerc', 'Lefèbvre', 'Lemaire', 'Lemoine', 'Marchal', 'Ménard', 'Meunier', 'Millet', 'Noël', 'Olivier', 'Paris', 'Picard', 'Poirier', 'Prévost', 'Rémy', 'Renard', 'Rivière', 'Roger', 'Schmitt', 'Thébault', 'Vasseur'];
export const SECOND = ['', 'Morel', 'Sénéchal', 'Gauthier', 'Lévêque', 'Maréchal', 'Besançon', 'Périer'];
export const LOCATIONS = ['Cervical', 'Trapèzes', 'Dorsal', 'Lombaire', 'Sacro-iliaque', 'Membre supérieur', 'Membre inférieur', 'Non Renseigné'];
export const INTENSITIES = ['1-2', '3-4', '5-6', '7-8', '9-10', 'Non Renseigné'];
export const NOTES = [
  'Douleurs lombaires depuis une semaine, aggravées en position assise.',
  'Bilan de suivi : bonne évolution, poursuite des exercices.',
  'Cervicalgies avec raideur matinale ; travail sur écran prolongé.',
  'Consultation de prévention, conseils d’hygiène de vie.',
  'Reprise progressive de l’activité physique, pas de douleur résiduelle.',
];

/** Deterministic pseudo-random numbers: the same load gives the same data. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function fullNameOf(i: number): string {
  const first = FIRST[i % FIRST.length];
  const last = LAST[Math.floor(i / FIRST.length) % LAST.length];
  const second = SECOND[Math.floor(i / (FIRST.length * LAST.length)) % SECOND.length];
  const round = Math.floor(i / (FIRST.length * LAST.length * SECOND.length));
  return [first, second ? `${last}-${second}` : last, round ? String(round + 1) : ''].filter(Boolean).join(' ');
}

export async function loadPatients(db: Database, organisationName: string, total = PATIENTS, log: (m: string) => void = console.log): Promise<void> {
  const [org] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.name, organisationName)).limit(1);
  if (!org) throw new Error(`Organisation introuvable : ${organisationName}`);
  const [{ n }] = await db.select({ n: count() }).from(patients).where(and(eq(patients.organizationId, org.id), isNull(patients.archivedAt)));
  if (n >= total) {
    log(`${organisationName} compte déjà ${n} patients : rien à charger.`);
    return;
  }
  const authors = await db
    .select({ id: users.id, jobSpecialistId: users.jobSpecialistId })
    .from(users)
    .where(and(eq(users.organizationId, org.id), inArray(users.role, ['PA', 'PR', 'PG'])));
  if (!authors.length) throw new Error(`Aucun praticien dans ${organisationName} pour signer les consultations.`);

  // The notices (SPEC §3) of the /statistics satisfaction figures are signed by the practice's patient account.
  const [patientAccount] = await db.select({ id: users.id }).from(users).where(and(eq(users.organizationId, org.id), eq(users.role, 'PT'))).limit(1);
  const rand = random(20_260_101);
  const now = Date.now();
  const day = 86_400_000;
  const started = Date.now();
  let made = 0;
  for (let start = 0; made < total - n; start += BATCH) {
    const rows = [];
    for (let i = start; i < start + BATCH && made + rows.length < total - n; i++) {
      const fullName = fullNameOf(i);
      const phone = `06 ${String(10_000_000 + i * 7919).slice(-8).replace(/(\d\d)(?=\d)/g, '$1 ')}`;
      const email = `${patientKeys(fullName, phone, '').nameKey.replace(/[^a-z0-9]+/g, '.')}@exemple.fr`;
      rows.push({
        organizationId: org.id,
        fullName,
        phoneNumber: phone,
        email,
        birthDate: new Date(Date.UTC(1940 + Math.floor(rand() * 65), Math.floor(rand() * 12), 1 + Math.floor(rand() * 28))).toISOString().slice(0, 10),
        sex: rand() < 0.5 ? 'F' : 'M',
        address: `${1 + Math.floor(rand() * 120)} rue de la République, 69002 Lyon`,
        ...patientKeys(fullName, phone, email),
        // Spread over the year of their visits, so /statistics has new patients in every month.
        createdAt: new Date(now - Math.floor((PER_PATIENT * 60 + 60) * rand()) * day),
      });
    }
    // A name or phone already present (a demo patient) is skipped, not an error.
    const inserted = await db.insert(patients).values(rows).onConflictDoNothing().returning({ id: patients.id });
    made += rows.length;
    const visits = [];
    for (const p of inserted) {
      const size = 150 + Math.round(rand() * 45);
      let weight = 50 + Math.round(rand() * 500) / 10;
      for (let v = 0; v < PER_PATIENT; v++) {
        const author = authors[Math.floor(rand() * authors.length)];
        weight = Math.round((weight + (rand() - 0.5) * 3) * 10) / 10;
        visits.push({
          id: crypto.randomUUID(),
          organizationId: org.id,
          patientId: p.id,
          userId: author.id,
          jobSpecialistId: author.jobSpecialistId ?? 1,
          consultationDate: new Date(now - Math.floor((PER_PATIENT - v) * 60 + rand() * 50) * day),
          consultationNote: `<p>${NOTES[Math.floor(rand() * NOTES.length)]}</p>`,
          diagnostic: '<p>Examen clinique sans particularité.</p>',
          size,
          // One visit in ten without a weighing: the curves must show gaps.
          weight: rand() < 0.1 ? null : weight,
          dolorLocation: LOCATIONS[Math.floor(rand() * LOCATIONS.length)],
          dolorIntensity: INTENSITIES[Math.floor(rand() * INTENSITIES.length)],
          antalgesicTreatment: 'Non renseigné',
          treatmentEfficacy: 'Non renseigné',
        });
      }
    }
    for (let i = 0; i < visits.length; i += 2000) await db.insert(consultations).values(visits.slice(i, i + 2000));
    // One visit in four has the patient's notice, the day after (the /statistics satisfaction).
    const opinions = visits
      .filter(() => rand() < 0.25)
      .map((v) => ({
        organizationId: org.id,
        patientId: v.patientId,
        consultationId: v.id,
        userId: patientAccount?.id ?? v.userId,
        star: 3 + Math.floor(rand() * 3),
        recommend: rand() < 0.8,
        createdAt: new Date(v.consultationDate.getTime() + day),
      }));
    for (let i = 0; i < opinions.length; i += 2000) await db.insert(notices).values(opinions.slice(i, i + 2000));
    log(`${made} / ${total - n} patients…`);
  }
  log(`Chargé en ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  void runCli('seed:load', async ({ config, database, log }) => {
    const organisation = process.env.LOAD_ORGANISATION ?? 'Cabinet Démo';
    const handle = await database();
    if (config.demo) await seedDemo(handle.db);
    const scale = Number(process.env.LOAD_SCALE_ORGANISATIONS ?? 0);
    if (scale > 0) {
      // The scale figure (issue 31): many practices, written by PostgreSQL itself (load-scale.ts).
      await loadScale(handle.pool, { organisations: scale, patients: Number(process.env.LOAD_PATIENTS ?? 1000), consultations: Number(process.env.LOAD_SCALE_CONSULTATIONS ?? 3) }, log);
    } else {
      await loadPatients(handle.db, organisation, PATIENTS, log);
      // The agenda of the load: the week-view bench and the appointment figures of /statistics and
      // the dashboards read it (LOAD_APPOINTMENTS, 50,000 by default).
      await loadAppointments(handle.db, organisation, Number(process.env.LOAD_APPOINTMENTS ?? 50_000), log);
    }
    // Issue 32: every loaded record gets its first version, so `npm run records:verify` passes after a load.
    await backfillVersions(handle.pool, log);
    // Fresh statistics and visibility map: the planner picks the indexes, index-only scans stay index-only.
    await handle.pool.query('VACUUM ANALYZE patients');
    await handle.pool.query('VACUUM ANALYZE consultations');
    await handle.pool.query('VACUUM ANALYZE notices');
    await handle.pool.query('VACUUM ANALYZE statistics_daily');
    await handle.pool.query('VACUUM ANALYZE appointments');
    // The lists bench (LOAD_LIST_ROWS=1): accounts, organisations and journal rows in numbers.
    if (process.env.LOAD_LIST_ROWS === '1') {
      const n = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
      await loadListRows(handle.pool, organisation, { users: n('LOAD_USERS', 20_000), organisations: n('LOAD_ORGANISATIONS', 5_000), journal: n('LOAD_JOURNAL', 500_000) }, log);
    }
  });
}
