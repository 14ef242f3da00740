import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { replannedOf } from '../../db/client.ts';
import { auditEvents, consultations, patients } from '../../db/tables.ts';
import { createTestApp, type Session, type TestApp } from '../../../test/helpers.ts';
import { queriesSent } from '../../../test/prepared.ts';

// What the patients' API test files share: one app on its own database per file, the sessions
// they act as, the demo patients by name, and a consultation written straight to the table.

export interface PatientsApp {
  t: TestApp;
  pr: Session;
  pt: Session;
  pr2: Session;
  sa: Session;
  /** Demo patients' ids by full name. */
  ids: Record<string, string>;
}

export async function openPatientsApp(): Promise<PatientsApp> {
  const t = await createTestApp();
  const [pr, pt, pr2, sa] = await Promise.all([t.login('pr'), t.login('pt'), t.login('pr2'), t.login('sa')]);
  const ids: Record<string, string> = {};
  for (const p of await t.ctx.db.select({ id: patients.id, fullName: patients.fullName }).from(patients)) ids[p.fullName] = p.id;
  return { t, pr, pt, pr2, sa, ids };
}

export interface ConsultationValues {
  weight?: number | null;
  size?: number | null;
  note?: string;
  intensity?: string;
}

/** A consultation by pr, `daysAgo` days before the test clock's now. */
export async function addConsultation(k: PatientsApp, patient: string, daysAgo: number, values: ConsultationValues = {}) {
  const id = crypto.randomUUID();
  await k.t.ctx.db.insert(consultations).values({
    id,
    organizationId: k.pr.idOrganization!,
    patientId: k.ids[patient],
    userId: k.pr.id,
    jobSpecialistId: 1,
    consultationDate: new Date(k.t.clock.now() - daysAgo * 86_400_000),
    consultationNote: values.note ?? '<p>Note</p>',
    size: values.size === undefined ? 170 : values.size,
    weight: values.weight === undefined ? 70 : values.weight,
    dolorLocation: 'Lombaire',
    dolorIntensity: values.intensity ?? '3-4',
  });
  return id;
}

/** The journal rows of one action about one patient. */
export async function auditRows(t: TestApp, action: string, patientId: string) {
  return t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.action, action), eq(auditEvents.patientId, patientId)));
}

/**
 * The statements naming patients or the journal that the app sends to PostgreSQL while `run` goes
 * (its pools' query wrapped: the main one and the searches' replanned one, db/client.ts): how many
 * round trips a request costs.
 */
export async function statementsOf(t: TestApp, run: () => Promise<unknown>): Promise<string[]> {
  const pick = (config: string | { text: string }) => {
    const text = typeof config === 'string' ? config : config.text;
    return /\b(patients|audit_events)\b/.test(text) ? text : undefined;
  };
  const other = replannedOf(t.ctx.db)?.pool;
  let ofOther: string[] = [];
  const own = await queriesSent(t.ctx.pool, pick, async () => {
    if (other) ofOther = await queriesSent(other, pick, run);
    else await run();
  });
  return [...own, ...ofOther];
}

/**
 * The app of one test file, opened before its tests and closed after them (`app` is filled when
 * the tests run), with the helpers bound to it.
 */
export function usePatientsApp() {
  const k = { app: {} as PatientsApp };
  beforeAll(async () => {
    k.app = await openPatientsApp();
  });
  afterAll(async () => {
    await k.app.t?.close();
  });
  return {
    k,
    get: (url: string, s: Session) => k.app.t.app.inject({ method: 'GET', url, headers: s.auth }),
    addConsultation: (patient: string, daysAgo: number, values?: ConsultationValues) => addConsultation(k.app, patient, daysAgo, values),
    auditRows: (action: string, patientId: string) => auditRows(k.app.t, action, patientId),
    statementsOf: (run: () => Promise<unknown>) => statementsOf(k.app.t, run),
  };
}
