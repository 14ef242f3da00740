import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPORT_MESSAGES, type SportCatalogItem } from '@wellbe/shared/schemas/sport';
import { exercises } from '../../db/tables.ts';
import { createTestApp, json, type Session, type TestApp } from '../../../test/helpers.ts';

// The sport catalogs are platform entries (every organisation sees them, SA and DE write them) and
// each organisation's own entries (seen and written by that organisation alone; another
// organisation's id answers 404, and an exercise or a program cannot use it).

let t: TestApp;
let sa: Session;
let de: Session;
let pa: Session;
let pr: Session;
let ad: Session;
let pr2: Session;

const get = (s: Session, url: string) => t.app.inject({ method: 'GET', url, headers: s.auth });
const send = (s: Session, method: 'POST' | 'PUT' | 'PATCH', url: string, payload: unknown) => t.app.inject({ method, url, headers: s.auth, payload: payload as object });
const list = async (s: Session, name: string) => json(await get(s, `/api/sport-catalogs/${name}`)).data as SportCatalogItem[];
const labels = (fr: string) => ({ fr, en: fr, tr: fr, ar: fr });
const platformId = async (name: string, code: string) => (await list(de, name)).find((c) => c.code === code && c.organizationId === null)!.id;

beforeAll(async () => {
  t = await createTestApp();
  [sa, de, pa, pr, ad, pr2] = await Promise.all([t.login('sa'), t.login('de'), t.login('pa'), t.login('pr'), t.login('ad'), t.login('pr2')]);
});
afterAll(async () => {
  await t.close();
});

describe('sport catalogs: platform entries and organisations’ own', () => {
  it('an entry a practitioner adds belongs to their organisation: the other organisation neither sees nor reaches it', async () => {
    const created = await send(ad, 'POST', '/api/sport-catalogs/equipments', { labels: labels('Bâton de marche nordique') });
    expect(created.statusCode).toBe(201);
    const entry = json(created).data as SportCatalogItem;
    expect(entry.organizationId).not.toBeNull();
    expect((await list(pa, 'equipments')).map((e) => e.id)).toContain(entry.id);

    // Centre Santé Nord: not listed, 404 on a change (like an id that does not exist).
    expect((await list(pr2, 'equipments')).map((e) => e.id)).not.toContain(entry.id);
    const foreign = await send(pr2, 'PATCH', `/api/sport-catalogs/equipments/${entry.id}`, { active: false });
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign).error.message).toBe(SPORT_MESSAGES.catalogNotFound);
    expect(JSON.stringify(json(foreign))).not.toContain('Bâton');
    // The same code in another organisation is no conflict (a 409 would tell the entry exists).
    const twin = await send(pr2, 'POST', '/api/sport-catalogs/equipments', { code: entry.code, labels: labels('Bâtons') });
    expect(twin.statusCode).toBe(201);
    expect((await list(pa, 'equipments')).map((e) => e.id)).not.toContain(json(twin).data.id);

    // SA and DE reach every organisation's entries.
    expect((await list(de, 'equipments')).map((e) => e.id)).toEqual(expect.arrayContaining([entry.id, json(twin).data.id]));
    const renamed = await send(sa, 'PATCH', `/api/sport-catalogs/equipments/${entry.id}`, { labels: labels('Bâtons de marche') });
    expect(renamed.statusCode).toBe(200);
  });

  it('platform entries are written by SA and DE only; a practitioner’s change to one is refused and changes nothing', async () => {
    const barbell = await platformId('equipments', 'barbell');
    const before = (await list(pa, 'equipments')).find((e) => e.id === barbell)!;
    const refused = await send(pa, 'PATCH', `/api/sport-catalogs/equipments/${barbell}`, { labels: labels('Barre piratée'), active: false });
    expect(refused.statusCode).toBe(403);
    expect(json(refused).error.message).toBe(SPORT_MESSAGES.catalogPlatformEntry);
    expect((await list(pr2, 'equipments')).find((e) => e.id === barbell)).toEqual(before);

    // A new platform entry (DE) is seen by both organisations.
    const shared = await send(de, 'POST', '/api/sport-catalogs/objectifs', { code: 'equilibre', labels: labels('Équilibre') });
    expect(shared.statusCode).toBe(201);
    expect(json(shared).data.organizationId).toBeNull();
    for (const s of [pa, pr2]) expect((await list(s, 'objectifs')).map((e) => e.id)).toContain(json(shared).data.id);
    // A platform code stays unique among platform entries.
    expect((await send(sa, 'POST', '/api/sport-catalogs/objectifs', { code: 'equilibre', labels: labels('Équilibre bis') })).statusCode).toBe(409);
  });

  it('an organisation orders its own entries; the platform order is SA’s and DE’s', async () => {
    const first = json(await send(pa, 'POST', '/api/sport-catalogs/levels', { labels: labels('Reprise douce') })).data as SportCatalogItem;
    const second = json(await send(pa, 'POST', '/api/sport-catalogs/levels', { labels: labels('Compétition') })).data as SportCatalogItem;
    const own = (await list(pa, 'levels')).filter((l) => l.organizationId !== null).map((l) => l.id);
    expect(own).toEqual([first.id, second.id]);
    const ordered = await send(pa, 'POST', '/api/sport-catalogs/levels/order', { ids: [second.id, first.id] });
    expect(ordered.statusCode).toBe(200);
    expect((json(ordered).data as SportCatalogItem[]).filter((l) => l.organizationId !== null).map((l) => l.id)).toEqual([second.id, first.id]);
    // Ids of the platform or of another organisation are not part of what it orders.
    const platform = await platformId('levels', 'beginner');
    expect((await send(pa, 'POST', '/api/sport-catalogs/levels/order', { ids: [platform, second.id, first.id] })).statusCode).toBe(400);
    expect((await send(pr2, 'POST', '/api/sport-catalogs/levels/order', { ids: [second.id, first.id] })).statusCode).toBe(400);
  });

  it('an exercise or a program may not use another organisation’s entry', async () => {
    const nord = json(await send(pr2, 'POST', '/api/sport-catalogs/categories', { labels: labels('Aquagym') })).data as SportCatalogItem;
    const demo = json(await send(pa, 'POST', '/api/sport-catalogs/categories', { labels: labels('Marche nordique') })).data as SportCatalogItem;
    const exercise = {
      nameFr: 'Marche avec bâtons',
      instructionsFr: ['Marchez 20 minutes.'],
      categoryId: nord.id,
      levelId: await platformId('levels', 'beginner'),
      equipmentId: null,
      primaryBodyPartIds: [await platformId('bodyparts', 'quadriceps')],
    };
    const refused = await send(pr, 'POST', '/api/exercises', exercise);
    expect(refused.statusCode).toBe(400);
    expect(json(refused).error.message).toBe(SPORT_MESSAGES.catalogValue);
    const ok = await send(pr, 'POST', '/api/exercises', { ...exercise, categoryId: demo.id });
    expect(ok.statusCode).toBe(201);
    // Nor the shared library (no organisation): platform entries only, even when a developer edits it.
    const [plank] = await t.ctx.db.select().from(exercises).where(eq(exercises.sourceId, 'Plank'));
    const library = { nameFr: 'Planche', instructionsFr: [], categoryId: demo.id, levelId: plank.levelId, equipmentId: null, primaryBodyPartIds: plank.primaryBodyPartIds };
    expect((await send(de, 'PUT', `/api/exercises/${plank.id}`, library)).statusCode).toBe(400);

    const objective = json(await send(pr2, 'POST', '/api/sport-catalogs/objectifs', { labels: labels('Objectif du Nord') })).data as SportCatalogItem;
    const program = {
      name: 'Reprise',
      description: '',
      objectiveId: objective.id,
      typeId: null,
      levelId: null,
      genderId: null,
      weeks: 2,
      sessionsPerWeek: 1,
      sessions: [{ name: 'Séance 1', exercises: [{ exerciseId: json(ok).data.id, sets: 3, reps: 10, durationS: null, loadKg: null, loadPct: null, restS: 60, tempo: '', notes: '' }] }],
    };
    const foreign = await send(pr, 'POST', '/api/sport-programs', program);
    expect(foreign.statusCode).toBe(400);
    expect(json(foreign).error.message).toBe(SPORT_MESSAGES.catalogValue);
    expect((await send(pr, 'POST', '/api/sport-programs', { ...program, objectiveId: await platformId('objectifs', 'post-op-rehab') })).statusCode).toBe(201);
  });
});

describe('migration 0030', () => {
  it('gives the entries an organisation’s user created before it to that organisation (from the journal); SA’s and DE’s stay WellBe entries', async () => {
    const byPa = json(await send(pa, 'POST', '/api/sport-catalogs/gender', { labels: labels('Seniors actifs') })).data as SportCatalogItem;
    const byDe = json(await send(de, 'POST', '/api/sport-catalogs/gender', { labels: labels('Tous publics bis') })).data as SportCatalogItem;
    // As before the migration: every entry platform-wide.
    await t.ctx.db.execute(sql`update sport_genders set organization_id = null`);
    const file = new URL('../../db/migrations/0030_sport-catalogs-organisation.sql', import.meta.url);
    const updates = fs
      .readFileSync(file, 'utf8')
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^--.*$/gm, '').trim())
      .filter((statement) => statement.startsWith('UPDATE'));
    expect(updates).toHaveLength(7);
    for (const statement of updates) await t.ctx.db.execute(sql.raw(statement));
    const owners = new Map((await list(de, 'gender')).map((e) => [e.id, e.organizationId]));
    expect(owners.get(byPa.id)).toBe(pa.idOrganization);
    expect(owners.get(byDe.id)).toBeNull();
    expect((await list(pr2, 'gender')).map((e) => e.id)).not.toContain(byPa.id);
  });
});
