import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as tables from '../src/db/tables.ts';
import type { Session, TestApp } from './helpers.ts';

// The calls the scope test (scope.test.ts) sends: every GET operation of the OpenAPI document, its
// path filled with ids of the caller's own organisation (B) so that the call reaches its data, and
// the SPEC §7 actions that read. New routes are walked without being listed here.

export interface Probe {
  label: string;
  method: string;
  url: string;
  body?: Record<string, unknown>;
}

interface OpenApi {
  paths: Record<string, Partial<Record<'get', unknown>>>;
}

/** Not walked, each with its reason. */
const SKIPPED: Record<string, string> = {
  'GET /api/ws': 'WebSocket upgrade, not a request/answer call',
};

/** SPEC §7 actions that only read, with what their body needs beyond the caller's identity. */
const READ_ACTIONS: Record<string, Record<string, unknown>> = {
  list: { page: 1, pageSize: 25 },
  read: {},
};

/** A calendar day inside the demo data's weeks, for `:day` parameters. */
const DAY = '2026-11-24';

/** Every table of the Drizzle schema, with its columns' names. */
export const SCHEMA_TABLES = (Object.values(tables) as unknown[])
  .filter((x): x is PgTable => is(x, PgTable))
  .map((table) => getTableConfig(table))
  .map((c) => ({ name: c.name, schema: c.schema, columns: c.columns.map((col) => col.name) }));

/**
 * One id per table of B (its own rows for an organisation-owned table): the first row stored (ctid,
 * the seed's order in the cloned template), not the smallest uuid, which changes with every
 * template, so that every run walks the same code paths.
 */
async function idsOf(t: TestApp, organisationB: string): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const config of SCHEMA_TABLES) {
    const names = config.columns;
    if (!names.includes('id') || config.schema) continue;
    const owned = names.includes('organization_id');
    const { rows } = await t.handle.pool.query<{ id: string }>(`select id::text as id from "${config.name}" ${owned ? 'where organization_id = $1' : ''} order by ctid limit 1`, owned ? [organisationB] : []);
    if (rows[0]) ids.set(config.name, rows[0].id);
  }
  ids.set('organisations', organisationB);
  return ids;
}

/** The table a path parameter names: by its own name, else by the path segment before it. */
function tableOf(name: string, segment: string, known: Map<string, string>): string | undefined {
  const byName: Record<string, string> = { idPatient: 'patients', patientId: 'patients', idConsultation: 'consultations', idNotice: 'notices', idFlag: 'access_flags', eventId: 'audit_events' };
  if (byName[name]) return byName[name];
  const plain = segment.replace(/-/g, '_');
  return [...known.keys()].find((t) => t === plain) ?? [...known.keys()].find((t) => t.endsWith(`_${plain}`));
}

/**
 * The probes of each caller (ids of users are the caller's own, so that a "my …" route reads):
 * every GET of the document and every reading action.
 */
export async function probesOf(t: TestApp, doc: OpenApi, organisationB: string, sessions: Map<string, Session>): Promise<(caller: string) => Probe[]> {
  const ids = await idsOf(t, organisationB);
  // The patient file every caller opens: the one the demo patient account (pt) is linked to, which has consultations.
  const { rows } = await t.handle.pool.query<{ patient_id: string }>(`select patient_id from users where username = 'pt'`);
  ids.set('patients', rows[0].patient_id);
  const consultation = await t.handle.pool.query<{ id: string }>(`select id::text from consultations where patient_id = $1 order by consultation_date desc limit 1`, [rows[0].patient_id]);
  if (consultation.rows[0]) ids.set('consultations', consultation.rows[0].id);

  const gets = Object.entries(doc.paths)
    .filter(([path, item]) => item.get && !SKIPPED[`GET ${path}`])
    .map(([path]) => path)
    .sort();
  const actionRoutes = t.app.routeCatalog.filter((r) => r.actions);
  return (caller: string) => {
    const self = sessions.get(caller)!;
    const probes: Probe[] = [];
    for (const path of gets) {
      const segments = path.split('/');
      const url = segments
        .map((segment, i) => {
          const param = /^\{(.+)\}$/.exec(segment)?.[1];
          if (!param) return segment;
          if (param === 'day') return DAY;
          if (/^(userId|practitionerId|idUser)$/.test(param)) return self.id;
          const table = tableOf(param, segments[i - 1] ?? '', ids);
          return encodeURIComponent((table && ids.get(table)) ?? ids.get('patients')!);
        })
        .join('/');
      probes.push({ label: `GET ${path}`, method: 'GET', url });
    }
    for (const route of actionRoutes) {
      for (const action of Object.keys(route.actions!).filter((a) => READ_ACTIONS[a])) {
        probes.push({ label: `${route.method} ${route.url} action ${action}`, method: route.method, url: route.url, body: { action, Iduser: self.id, idOrganization: self.idOrganization, ...READ_ACTIONS[action] } });
      }
    }
    return probes;
  };
}
