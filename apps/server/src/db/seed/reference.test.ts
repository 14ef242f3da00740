import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { appMeta, foods, medicines } from '../tables.ts';
import { loadReferenceOnce } from './reference.ts';

// The one "load once per version" of the reference data (Ciqual, BDPM, sport library).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const version = async (key: string) => (await t.handle.db.select().from(appMeta).where(eq(appMeta.key, key)))[0]?.value;

describe('loadReferenceOnce', () => {
  it('has loaded the three reference sets at start-up, and a second start loads none', async () => {
    expect(await version('ciqual')).toBe('ciqual-2025-macros');
    expect(await version('bdpm')).toMatch(/^bdpm-/);
    expect(await version('sport-library')).toMatch(/^free-exercise-db-/);
    expect((await t.handle.db.select().from(foods).limit(1)).length).toBe(1);
    expect((await t.handle.db.select().from(medicines).limit(1)).length).toBe(1);
    const loads: string[] = [];
    for (const key of ['ciqual', 'bdpm', 'sport-library']) {
      const v = (await version(key))!;
      expect(await loadReferenceOnce(t.handle.db, { key, version: v, replaces: true }, async () => void loads.push(key))).toBe(false);
    }
    expect(loads).toEqual([]);
  });

  it('loads a new version only when it replaces, and records it with the rows (none on failure)', async () => {
    const ref = { key: 'essai-ref', version: 'v1' };
    let loads = 0;
    const load = async () => void loads++;
    expect(await loadReferenceOnce(t.handle.db, ref, load)).toBe(true);
    expect(await loadReferenceOnce(t.handle.db, ref, load)).toBe(false);
    expect(await loadReferenceOnce(t.handle.db, { ...ref, version: 'v2' }, load)).toBe(false);
    expect(await version('essai-ref')).toBe('v1');
    await expect(loadReferenceOnce(t.handle.db, { ...ref, version: 'v2', replaces: true }, async () => { throw new Error('coupure'); })).rejects.toThrow('coupure');
    expect(await version('essai-ref')).toBe('v1');
    expect(await loadReferenceOnce(t.handle.db, { ...ref, version: 'v2', replaces: true }, load)).toBe(true);
    expect(await version('essai-ref')).toBe('v2');
    expect(loads).toBe(2);
  });
});
