import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fold } from '@wellbe/shared/domain/text';
import type { Database } from '../client.ts';
import { medicines } from '../tables.ts';
import { parseCsv } from './foods.ts';
import { insertInBatches, loadReferenceOnce } from './reference.ts';

// The BDPM extract (data/BDPM-LICENCE.md) is reference data, not demo data: every database gets it
// right after its migrations, once per version (app_meta 'bdpm'); a newer extract replaces the rows.

const DATA = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data');
export const BDPM_VERSION = 'bdpm-2026-04-28';

type MedicineRow = typeof medicines.$inferInsert;

/** Rows of a CSV file as objects keyed by its header. */
function records(file: string): Record<string, string>[] {
  const [header, ...lines] = parseCsv(fs.readFileSync(path.join(DATA, file), 'utf8'));
  return lines.map((l) => Object.fromEntries(header.map((name, i) => [name, l[i] ?? ''])));
}

/**
 * The active substances of each CIS with their dose: an SA row, or, for a salt without a dose, the FT
 * row that follows it (the fraction thérapeutique, which carries the dose).
 */
function substancesByCis(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const c of records('bdpm-compositions.csv')) {
    const list = out.get(c.cis) ?? [];
    const text = [c.substance, c.dosage].filter(Boolean).join(' ');
    if (c.nature === 'SA') list.push(text);
    else if (c.nature === 'FT' && list.length && !/\d/.test(list[list.length - 1])) list[list.length - 1] = text;
    out.set(c.cis, list);
  }
  return out;
}

export function readBdpmExtract(): MedicineRow[] {
  const substances = substancesByCis();
  return records('bdpm-medicines.csv').map((m) => {
    const active = [...new Set(substances.get(m.cis) ?? [])].join(', ');
    return {
      cis: m.cis,
      name: m.denomination,
      form: m.form,
      routes: m.routes ? m.routes.split(';') : [],
      substances: active,
      holder: m.holder,
      searchKey: fold(`${m.denomination} ${active}`),
    };
  });
}

/** Loads the extract once per version (idempotent; run under the migration lock); a newer one replaces the rows. */
export function seedMedicines(db: Database): Promise<boolean> {
  return loadReferenceOnce(db, { key: 'bdpm', version: BDPM_VERSION, replaces: true, analyze: [medicines] }, async (tx) => {
    await tx.delete(medicines);
    await insertInBatches(tx, medicines, readBdpmExtract(), 1000);
  });
}
