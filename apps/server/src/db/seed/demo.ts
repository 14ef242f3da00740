import { eq, sql } from 'drizzle-orm';
import type { Role } from '@wellbe/shared/roles';
import type { Database } from '../client.ts';
import { appMeta, consultations, organisations, patients, users } from '../tables.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { patientKeys } from '../../modules/patients/patients.keys.ts';
import { seedSpecialists } from './specialists.ts';
import { seedDietetics } from './dietetics.ts';
import { seedContacts } from './contacts.ts';
import { seedNotes } from './notes.ts';
import { seedAgenda } from './agenda.ts';
import { seedChat } from './chat.ts';
import { seedSportDemo } from './sport/demo.ts';
import { seedQuestionnaires } from './questionnaires.ts';
import { seedPolicies } from './policies.ts';
import { seedEditorial } from './editorial.ts';
import { seedClinicalDocuments } from './clinical-documents.ts';

// DESIGN §5 demo data. Seeded once per database: app_meta 'demo' marks it, and the whole seed runs
// in one transaction under an advisory lock, so two servers starting at once cannot seed twice.
export const DEMO_PASSWORD = 'Demo-Wellbe-2026!';

interface DemoUser {
  username: string;
  role: Role;
  firstName: string;
  lastName: string;
  job: string;
  jobSpecialistId?: number;
  org: 'demo' | 'nord';
  phone: string;
  /** National numbers of the demo professionals (valid keys, not real people's). */
  rpps?: string;
  adeli?: string;
}

export const DEMO_USERS: DemoUser[] = [
  { username: 'sa', role: 'SA', firstName: 'Sophie', lastName: 'Marchand', job: 'Super administratrice', org: 'demo', phone: '06 11 22 33 01' },
  { username: 'pa', role: 'PA', firstName: 'Antoine', lastName: 'Lefèvre', job: 'Médecin généraliste', jobSpecialistId: 1, org: 'demo', phone: '06 11 22 33 02', rpps: '10001234565' },
  { username: 'pg', role: 'PG', firstName: 'Claire', lastName: 'Dubois', job: 'Diététicienne', jobSpecialistId: 2, org: 'demo', phone: '06 11 22 33 03', adeli: '699512345' },
  { username: 'pr', role: 'PR', firstName: 'Julien', lastName: 'Moreau', job: 'Médecin généraliste', jobSpecialistId: 1, org: 'demo', phone: '06 11 22 33 04', rpps: '10009876540' },
  { username: 'ad', role: 'AD', firstName: 'Nathalie', lastName: 'Garnier', job: 'Gestionnaire du cabinet', org: 'demo', phone: '06 11 22 33 05' },
  { username: 'rh', role: 'RH', firstName: 'Isabelle', lastName: 'Roux', job: 'Responsable des ressources humaines', org: 'demo', phone: '06 11 22 33 06' },
  { username: 'pt', role: 'PT', firstName: 'Lucas', lastName: 'Bernard', job: 'Patient', org: 'demo', phone: '06 45 12 78 90' },
  { username: 'us', role: 'US', firstName: 'Camille', lastName: 'Petit', job: 'Secrétaire médicale', org: 'demo', phone: '06 11 22 33 08' },
  { username: 're', role: 'RE', firstName: 'Thomas', lastName: 'Girard', job: 'Technicien de maintenance', org: 'demo', phone: '06 11 22 33 09' },
  { username: 'de', role: 'DE', firstName: 'Hugo', lastName: 'Lambert', job: 'Développeur', org: 'demo', phone: '06 11 22 33 10' },
  // The demo dietitian: dietetics is their daily work (menu entry 'Diététique', job speciality 2).
  { username: 'di', role: 'PR', firstName: 'Manon', lastName: 'Leroy', job: 'Diététicienne', jobSpecialistId: 2, org: 'demo', phone: '06 11 22 33 12', adeli: '699587654' },
  { username: 'pr2', role: 'PR', firstName: 'Émilie', lastName: 'Fournier', job: 'Kinésithérapeute', jobSpecialistId: 3, org: 'nord', phone: '06 11 22 33 11', rpps: '10005550008' },
];

const DEMO_PATIENTS: Record<'demo' | 'nord', { fullName: string; phone: string; email: string; birthDate: string; sex: 'F' | 'M'; address: string }[]> = {
  demo: [
    { fullName: 'Lucas Bernard', phone: '06 45 12 78 90', email: 'lucas.bernard@exemple.fr', birthDate: '1988-04-12', sex: 'M', address: '12 rue des Lilas, 69003 Lyon' },
    { fullName: 'Hélène Martin', phone: '06 23 45 67 89', email: 'helene.martin@exemple.fr', birthDate: '1975-09-30', sex: 'F', address: '4 place Bellecour, 69002 Lyon' },
    { fullName: 'François Dupont', phone: '06 34 56 78 90', email: 'francois.dupont@exemple.fr', birthDate: '1962-01-18', sex: 'M', address: '27 avenue Jean Jaurès, 69007 Lyon' },
    { fullName: 'Zoé Laurent', phone: '07 12 34 56 78', email: 'zoe.laurent@exemple.fr', birthDate: '1999-06-05', sex: 'F', address: '8 rue Mercière, 69002 Lyon' },
    { fullName: 'Benoît Mercier', phone: '06 98 76 54 32', email: 'benoit.mercier@exemple.fr', birthDate: '1981-11-22', sex: 'M', address: '15 cours Lafayette, 69006 Lyon' },
    { fullName: 'Céline Faure', phone: '06 87 65 43 21', email: 'celine.faure@exemple.fr', birthDate: '1990-03-14', sex: 'F', address: '3 quai Saint-Antoine, 69002 Lyon' },
    { fullName: 'Jérôme Blanc', phone: '06 76 54 32 10', email: 'jerome.blanc@exemple.fr', birthDate: '1970-07-08', sex: 'M', address: '22 rue de la République, 69001 Lyon' },
    { fullName: 'Anaïs Chevalier', phone: '07 65 43 21 09', email: 'anais.chevalier@exemple.fr', birthDate: '1995-12-01', sex: 'F', address: '6 montée de la Grande Côte, 69001 Lyon' },
    { fullName: 'Gaëlle Robin', phone: '06 54 32 10 98', email: 'gaelle.robin@exemple.fr', birthDate: '1985-02-27', sex: 'F', address: '41 boulevard des Belges, 69006 Lyon' },
    { fullName: 'Étienne Rousseau', phone: '06 43 21 09 87', email: 'etienne.rousseau@exemple.fr', birthDate: '1958-10-19', sex: 'M', address: '9 rue Garibaldi, 69003 Lyon' },
    { fullName: 'Maëlys Gautier', phone: '07 32 10 98 76', email: 'maelys.gautier@exemple.fr', birthDate: '2004-05-23', sex: 'F', address: '18 rue Sala, 69002 Lyon' },
    { fullName: 'Noël Perrin', phone: '06 21 09 87 65', email: 'noel.perrin@exemple.fr', birthDate: '1949-12-25', sex: 'M', address: '2 place des Terreaux, 69001 Lyon' },
  ],
  nord: [
    { fullName: 'Mathilde Renaud', phone: '06 19 28 37 46', email: 'mathilde.renaud@exemple.fr', birthDate: '1983-08-09', sex: 'F', address: '5 rue Nationale, 59000 Lille' },
    { fullName: 'Raphaël Colin', phone: '06 28 37 46 55', email: 'raphael.colin@exemple.fr', birthDate: '1977-04-02', sex: 'M', address: '31 rue de Béthune, 59000 Lille' },
    { fullName: 'Inès Vidal', phone: '07 37 46 55 64', email: 'ines.vidal@exemple.fr', birthDate: '1992-09-17', sex: 'F', address: '10 place du Général de Gaulle, 59000 Lille' },
    { fullName: 'Théo Caron', phone: '06 46 55 64 73', email: 'theo.caron@exemple.fr', birthDate: '2001-01-29', sex: 'M', address: '44 rue Esquermoise, 59800 Lille' },
    { fullName: 'Léa Masson', phone: '06 55 64 73 82', email: 'lea.masson@exemple.fr', birthDate: '1968-06-11', sex: 'F', address: '7 rue Faidherbe, 59800 Lille' },
  ],
};

export async function isDemoSeeded(db: Database): Promise<boolean> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, 'demo')).limit(1);
  return row?.value === '1';
}

export async function seedDemo(db: Database, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
    const [done] = await tx.select().from(appMeta).where(eq(appMeta.key, 'demo')).limit(1);
    if (done) return false;
    await seedSpecialists(tx);

    const [demo] = await tx
      .insert(organisations)
      .values({ name: 'Cabinet Démo', address: '10 rue de la Santé, 69003 Lyon', phone: '04 72 00 00 00', email: 'contact@cabinet-demo.fr', siret: '73282932000074' })
      .returning({ id: organisations.id });
    const [nord] = await tx
      .insert(organisations)
      .values({ name: 'Centre Santé Nord', address: '1 place Rihour, 59000 Lille', phone: '03 20 00 00 00', email: 'accueil@centre-sante-nord.fr' })
      .returning({ id: organisations.id });
    const orgId = { demo: demo.id, nord: nord.id };

    const patientIds: Record<string, string> = {};
    for (const org of ['demo', 'nord'] as const) {
      for (const p of DEMO_PATIENTS[org]) {
        const [row] = await tx
          .insert(patients)
          .values({
            organizationId: orgId[org],
            fullName: p.fullName,
            phoneNumber: p.phone,
            email: p.email,
            birthDate: p.birthDate,
            sex: p.sex,
            address: p.address,
            ...patientKeys(p.fullName, p.phone, p.email),
          })
          .returning({ id: patients.id });
        patientIds[p.fullName] = row.id;
      }
    }

    const userIds: Record<string, string> = {};
    for (const u of DEMO_USERS) {
      const [row] = await tx
        .insert(users)
        .values({
          organizationId: orgId[u.org],
          username: u.username,
          email: `${u.username}@demo.wellbe.fr`,
          passwordHash: await hashPassword(DEMO_PASSWORD),
          role: u.role,
          firstName: u.firstName,
          lastName: u.lastName,
          displayName: `${u.firstName} ${u.lastName}`,
          job: u.job,
          jobSpecialistId: u.jobSpecialistId ?? null,
          phoneNumber: u.phone,
          rpps: u.rpps ?? null,
          adeli: u.adeli ?? null,
          patientId: u.role === 'PT' ? patientIds['Lucas Bernard'] : null,
        })
        .returning({ id: users.id });
      userIds[u.username] = row.id;
    }

    // A few past consultations, so that files, curves and history have something to show.
    const day = 24 * 3600 * 1000;
    const history = [
      { patient: 'Lucas Bernard', by: 'pr', daysAgo: 120, size: 178, weight: 84.5, note: '<p>Lombalgie aiguë après un déménagement.</p>', diag: '<p>Lombalgie commune.</p>', loc: 'Lombaire', int: '5-6' },
      { patient: 'Lucas Bernard', by: 'pr', daysAgo: 60, size: 178, weight: 82.1, note: '<p>Nette amélioration, reprise du sport.</p>', diag: '<p>Lombalgie en voie de guérison.</p>', loc: 'Lombaire', int: '3-4' },
      { patient: 'Lucas Bernard', by: 'pa', daysAgo: 15, size: 178, weight: 80.4, note: '<p>Bilan annuel, pas de plainte.</p>', diag: '<p>Examen normal.</p>', loc: 'Non Renseigné', int: 'Non Renseigné' },
      { patient: 'Hélène Martin', by: 'pr', daysAgo: 90, size: 164, weight: 71.0, note: '<p>Cervicalgies depuis deux semaines.</p>', diag: '<p>Contracture des trapèzes.</p>', loc: 'Trapèzes', int: '7-8' },
      { patient: 'Hélène Martin', by: 'pr', daysAgo: 30, size: 164, weight: 69.8, note: '<p>Douleur en baisse après kinésithérapie.</p>', diag: '<p>Évolution favorable.</p>', loc: 'Cervical', int: '3-4' },
      { patient: 'François Dupont', by: 'pa', daysAgo: 45, size: 172, weight: 91.3, note: '<p>Suivi de l’hypertension.</p>', diag: '<p>Tension équilibrée.</p>', loc: 'Non Renseigné', int: 'Non Renseigné' },
      { patient: 'Mathilde Renaud', by: 'pr2', daysAgo: 20, size: 168, weight: 62.0, note: '<p>Rééducation du genou droit.</p>', diag: '<p>Entorse du LLI en rééducation.</p>', loc: 'Membre inférieur', int: '3-4' },
    ];
    for (const h of history) {
      const author = DEMO_USERS.find((u) => u.username === h.by)!;
      await tx.insert(consultations).values({
        id: crypto.randomUUID(),
        organizationId: orgId[author.org],
        patientId: patientIds[h.patient],
        userId: userIds[h.by],
        jobSpecialistId: author.jobSpecialistId ?? 1,
        consultationDate: new Date(now.getTime() - h.daysAgo * day),
        consultationNote: h.note,
        diagnostic: h.diag,
        healthCareCategory: '',
        size: h.size,
        weight: h.weight,
        dolorLocation: h.loc,
        dolorIntensity: h.int,
        antalgesicTreatment: 'Non renseigné',
        treatmentEfficacy: 'Non renseigné',
      });
    }

    await seedDietetics(tx, { organizationId: orgId.demo, dietitianId: userIds.di, patientId: patientIds['Lucas Bernard'], now });
    await seedContacts(tx, orgId.demo, userIds);
    await seedNotes(tx, userIds.pr, orgId.demo, patientIds['Lucas Bernard'], now);
    await seedAgenda(tx, { organizationId: orgId.demo, nordId: orgId.nord, userIds, patientIds, now });
    await seedChat(tx, userIds, orgId.demo, patientIds['Lucas Bernard'], now);
    await seedSportDemo(tx, { organizationId: orgId.demo, practitionerId: userIds.pr, patients: { lucas: patientIds['Lucas Bernard'], helene: patientIds['Hélène Martin'] }, now });
    await seedQuestionnaires(tx, { organizationId: orgId.demo, practitionerId: userIds.pr, patientId: patientIds['Lucas Bernard'], now });
    // Issue 20: policies in force (accepted by every demo account), articles and newsletters.
    await seedPolicies(tx, Object.values(userIds), Object.fromEntries(DEMO_USERS.map((u) => [userIds[u.username], orgId[u.org]])), now);
    await seedEditorial(tx, { authorId: userIds.de, organizationId: orgId.demo, userIds, now });
    await seedClinicalDocuments(tx, { organizationId: orgId.demo, practitionerId: userIds.pr, patientId: patientIds['Lucas Bernard'], now, publicUrl: process.env.PUBLIC_URL });

    // Issue 32: every demo record starts its history with a 'created' version (migration history-triggers).
    await tx.execute(sql`select record_versions_backfill()`);
    await tx.insert(appMeta).values({ key: 'demo', value: '1' });
    return true;
  });
}
