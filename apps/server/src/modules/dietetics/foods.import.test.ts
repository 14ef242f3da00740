import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foods } from '../../db/tables.ts';
import { libraryFood } from './dietetics.test-kit.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { importCiqualFoods, ImportError, readCiqualFolder } from './foods.import.ts';

// The official Ciqual table's import (npm run foods:import) on a real database: an extract of the
// ANSES files in fixtures/ciqual-official. Its own database: it changes the foods other tests pin.

let t: TestApp;

const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'ciqual-official');

const food = (name: string) => libraryFood(t.ctx.db, name);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('official Ciqual import', () => {
  it('imports the fixture: adopts the extract’s food by name, adds the new one, skips the incomplete one', async () => {
    const read = readCiqualFolder(FIXTURE);
    expect(read.skipped).toBe(1);
    expect(read.foods.map((f) => f.nameFr)).toEqual(['Pomme, chair et peau, crue', "Pomme d'api, crue"]);
    const before = await food('Pomme, chair et peau, crue');
    expect(await importCiqualFoods(t.ctx.db, read.foods)).toEqual({ inserted: 1, updated: 1 });
    const after = await food('Pomme, chair et peau, crue');
    expect(after.id).toBe(before.id);
    expect(after).toMatchObject({ ciqualCode: '13039', energyKcal: 53.5, fatG: 0, fibresG: 2.4 });
    const api = await food("Pomme d'api, crue");
    expect(api).toMatchObject({ ciqualCode: '13999', groupCode: 'fruits, vegetables, legumes and nuts', proteinsG: 0.3, fatG: 0 });
    // Again: everything is found by code now.
    expect(await importCiqualFoods(t.ctx.db, read.foods)).toEqual({ inserted: 0, updated: 2 });
    const count = await t.ctx.db.select({ id: foods.id }).from(foods).where(isNull(foods.organizationId));
    expect(count.length).toBe(3324);
  });

  it('refuses a malformed or oversized file before touching the database', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ciqual-bad-'));
    try {
      for (const f of fs.readdirSync(FIXTURE)) fs.copyFileSync(path.join(FIXTURE, f), path.join(dir, f));
      fs.writeFileSync(path.join(dir, 'compo_2025_11_03.xml'), '<?xml version="1.0"?>\n<TABLE>\n<COMPO><alim_code>1</alim_code><const_code>328');
      expect(() => readCiqualFolder(dir)).toThrow(ImportError);
      fs.rmSync(path.join(dir, 'compo_2025_11_03.xml'));
      fs.writeFileSync(path.join(dir, 'compo_2025_11_03.xml'), '');
      fs.truncateSync(path.join(dir, 'compo_2025_11_03.xml'), 50_000_001);
      expect(() => readCiqualFolder(dir)).toThrow(/trop volumineux/);
      expect(() => readCiqualFolder(path.join(dir, 'absent'))).toThrow(/introuvable/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
