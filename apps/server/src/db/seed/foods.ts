import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FOOD_GROUP_CODES } from '@wellbe/shared/domain/dietetics';
import { fold } from '@wellbe/shared/domain/text';
import type { Database } from '../client.ts';
import { foods } from '../tables.ts';
import { insertInBatches, loadReferenceOnce } from './reference.ts';

// The ANSES Ciqual 2025 extract (Licence Ouverte, see data/CIQUAL-LICENCE.md) is reference data,
// not demo data: every database gets it right after its migrations, once (app_meta 'ciqual'
// records the version loaded). A later official import (npm run foods:import) updates the same rows.

export const CIQUAL_EXTRACT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data', 'ciqual-2025-macros.csv');
const VERSION = 'ciqual-2025-macros';

/** RFC 4180 fields of one CSV text: commas, double quotes, doubled quotes inside quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      if (row.some((f) => f !== '')) rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  row.push(field);
  if (row.some((f) => f !== '')) rows.push(row);
  return rows;
}

export type FoodRow = typeof foods.$inferInsert;

/** The bundled extract as food rows (the one food without a group goes to 'miscellaneous'). */
export function readCiqualExtract(file = CIQUAL_EXTRACT): FoodRow[] {
  const [header, ...lines] = parseCsv(fs.readFileSync(file, 'utf8'));
  const at = (name: string) => header.indexOf(name);
  const groups = new Set<string>(FOOD_GROUP_CODES);
  return lines.map((l) => {
    const group = l[at('group_en')];
    const nameFr = l[at('name_fr')].trim();
    return {
      organizationId: null,
      groupCode: groups.has(group) ? group : 'miscellaneous',
      nameFr,
      nameEn: l[at('name_en')] || null,
      searchKey: fold(nameFr),
      energyKcal: Number(l[at('energy_kcal')]),
      proteinsG: Number(l[at('proteins_g')]),
      carbohydratesG: Number(l[at('carbohydrates_g')]),
      fatG: Number(l[at('fat_g')]),
      fibresG: Number(l[at('fibres_g')] || 0),
    };
  });
}

/** Loads the extract once per database (idempotent; run under the migration lock). */
export function seedFoods(db: Database): Promise<boolean> {
  return loadReferenceOnce(db, { key: 'ciqual', version: VERSION, analyze: [foods] }, (tx) => insertInBatches(tx, foods, readCiqualExtract(), 500));
}
