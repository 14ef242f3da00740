import fs from 'node:fs';
import path from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { Parser } from 'htmlparser2';
import { FOOD_GROUP_CODES } from '@wellbe/shared/domain/dietetics';
import { fold } from '@wellbe/shared/domain/text';
import type { Database } from '../../db/client.ts';
import { foods } from '../../db/schema/dietetics.ts';

// `npm run foods:import -- <folder>`: the official ANSES Ciqual XML files (alim_*.xml,
// alim_grp_*.xml, compo_*.xml, const_*.xml) into the foods table. Foods are matched by Ciqual
// code; a food of the bundled extract (no code yet) with the same folded French name adopts the
// code. Nothing is ever deleted (recipes and menus keep their foods), and the whole import is one
// transaction: a malformed or oversized file changes nothing.

export const MAX_IMPORT_FILE_BYTES = 50_000_000;
/**
 * What one file may hold: Ciqual 2025's largest, compo_*.xml, has ~260,000 records of 7 fields. The
 * bounds keep what the parser builds proportionate to a real table, whatever 50 MB hold.
 */
export const MAX_IMPORT_RECORDS = 1_000_000;
export const MAX_IMPORT_FIELDS = 32;

/** Ciqual constituent codes of the five values (const_*.xml). */
const CONST = { energyKcal: '328', proteinsJones: '25000', proteins625: '25003', carbohydrates: '31000', fat: '40000', fibres: '34100' } as const;

export class ImportError extends Error {}

/** Records of an official XML file: each child element of <TABLE> becomes a map of its fields. */
export function parseCiqualXml(bytes: Buffer, fileName: string): Record<string, string>[] {
  const head = bytes.subarray(0, 200).toString('latin1');
  const encoding = /encoding="(windows-1252|iso-8859-1)"/i.test(head) ? 'windows-1252' : 'utf-8';
  const text = new TextDecoder(encoding).decode(bytes);
  if (!/^\s*(<\?xml[^>]*\?>\s*)?<TABLE>/i.test(text) || !/<\/TABLE>\s*$/i.test(text)) throw new ImportError(`Fichier ${fileName} illisible : ce n’est pas un fichier XML Ciqual (<TABLE>…</TABLE>).`);
  const records: Record<string, string>[] = [];
  let depth = 0;
  let current: Record<string, string> | null = null;
  let field: string | null = null;
  let fields = 0;
  let value = '';
  const parser = new Parser(
    {
      onopentag(name) {
        depth++;
        if (depth === 2) {
          if (records.length >= MAX_IMPORT_RECORDS) throw new ImportError(`Fichier ${fileName} trop grand : plus de ${MAX_IMPORT_RECORDS} enregistrements.`);
          current = {};
          fields = 0;
        } else if (depth === 3) {
          field = name.toLowerCase();
          value = '';
          if (++fields > MAX_IMPORT_FIELDS) throw new ImportError(`Fichier ${fileName} mal formé : un enregistrement a plus de ${MAX_IMPORT_FIELDS} champs.`);
        }
        // Thrown from the callback, the first element too deep stops the parser: left to run,
        // htmlparser2's stack (an unshift per open tag) made 500 kB of nested tags take 47 s.
        else if (depth > 3) throw new ImportError(`Fichier ${fileName} mal formé : élément ${name} inattendu.`);
      },
      ontext(t) {
        if (field) value += t;
      },
      onclosetag() {
        if (depth === 3 && current && field) {
          current[field] = value.trim();
          field = null;
        } else if (depth === 2 && current) {
          records.push(current);
          current = null;
        }
        depth--;
      },
      onerror() {
        throw new ImportError(`Fichier ${fileName} mal formé.`);
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  try {
    parser.write(text);
    parser.end();
  } catch (e) {
    throw e instanceof ImportError ? e : new ImportError(`Fichier ${fileName} mal formé.`);
  }
  if (depth !== 0) throw new ImportError(`Fichier ${fileName} mal formé : balises non fermées.`);
  return records;
}

/** '12,5' → 12.5; 'traces' and '< 0,5' → 0; '-' or empty → null (unknown). */
export function ciqualNumber(raw: string | undefined): number | null {
  if (raw == null) return null;
  const v = raw.trim().toLowerCase();
  if (!v || v === '-') return null;
  if (v === 'traces' || v.startsWith('<')) return 0;
  const n = Number(v.replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

function findFile(files: string[], prefix: RegExp): string | undefined {
  return files.find((f) => prefix.test(f));
}

export interface ImportedFood {
  ciqualCode: string;
  nameFr: string;
  nameEn: string | null;
  groupCode: string;
  energyKcal: number;
  proteinsG: number;
  carbohydratesG: number;
  fatG: number;
  fibresG: number;
}

/** Reads and checks the folder's files (sizes, XML), before anything touches the database. */
export function readCiqualFolder(folder: string): { foods: ImportedFood[]; skipped: number } {
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) throw new ImportError(`Dossier introuvable : ${folder}`);
  const files = fs.readdirSync(folder).filter((f) => f.toLowerCase().endsWith('.xml'));
  const alimFile = findFile(files, /^alim_(?!grp)/i);
  const compoFile = findFile(files, /^compo_/i);
  if (!alimFile || !compoFile) throw new ImportError('Fichiers Ciqual manquants : le dossier doit contenir alim_*.xml et compo_*.xml (et, de préférence, alim_grp_*.xml et const_*.xml).');
  const read = (name: string) => {
    const file = path.join(folder, name);
    const size = fs.statSync(file).size;
    if (size > MAX_IMPORT_FILE_BYTES) throw new ImportError(`Fichier ${name} trop volumineux (${Math.round(size / 1_000_000)} Mo ; 50 Mo au plus).`);
    return parseCiqualXml(fs.readFileSync(file), name);
  };
  const alim = read(alimFile);
  const compo = read(compoFile);
  const constFile = findFile(files, /^const_/i);
  if (constFile) {
    const known = new Set(read(constFile).map((c) => c.const_code));
    for (const code of [CONST.energyKcal, CONST.carbohydrates, CONST.fat]) {
      if (!known.has(code)) throw new ImportError(`Le fichier ${constFile} ne contient pas le constituant ${code} attendu.`);
    }
  }
  const values = new Map<string, Map<string, string>>();
  for (const c of compo) {
    const code = c.alim_code?.trim();
    if (!code || !c.const_code) throw new ImportError(`Fichier ${compoFile} mal formé : alim_code ou const_code manquant.`);
    if (!values.has(code)) values.set(code, new Map());
    values.get(code)!.set(c.const_code.trim(), c.teneur ?? '');
  }
  const out: ImportedFood[] = [];
  let skipped = 0;
  for (const a of alim) {
    const code = a.alim_code?.trim();
    const nameFr = a.alim_nom_fr?.trim();
    if (!code || !nameFr) throw new ImportError(`Fichier ${alimFile} mal formé : alim_code ou alim_nom_fr manquant.`);
    const v = values.get(code) ?? new Map<string, string>();
    const energy = ciqualNumber(v.get(CONST.energyKcal));
    const proteins = ciqualNumber(v.get(CONST.proteinsJones)) ?? ciqualNumber(v.get(CONST.proteins625));
    const carbohydrates = ciqualNumber(v.get(CONST.carbohydrates));
    const fat = ciqualNumber(v.get(CONST.fat));
    // Like the bundled extract: a food missing one of the four main values is left out.
    if (energy == null || proteins == null || carbohydrates == null || fat == null) {
      skipped++;
      continue;
    }
    const group = Number(a.alim_grp_code);
    out.push({
      ciqualCode: code,
      nameFr,
      nameEn: a.alim_nom_eng?.trim() || null,
      groupCode: group >= 1 && group <= FOOD_GROUP_CODES.length ? FOOD_GROUP_CODES[group - 1] : 'miscellaneous',
      energyKcal: energy,
      proteinsG: proteins,
      carbohydratesG: carbohydrates,
      fatG: fat,
      fibresG: ciqualNumber(v.get(CONST.fibres)) ?? 0,
    });
  }
  return { foods: out, skipped };
}

/** Writes the foods read: update by code, adopt an extract row by name, else insert. One transaction. */
export async function importCiqualFoods(db: Database, list: ImportedFood[]): Promise<{ inserted: number; updated: number }> {
  let inserted = 0;
  let updated = 0;
  await db.transaction(async (tx) => {
    for (const f of list) {
      const values = { ...f, searchKey: fold(f.nameFr), updatedAt: sql`now()`, archivedAt: null };
      const byCode = await tx.update(foods).set(values).where(eq(foods.ciqualCode, f.ciqualCode)).returning({ id: foods.id });
      if (byCode.length) {
        updated++;
        continue;
      }
      const [byName] = await tx
        .select({ id: foods.id })
        .from(foods)
        .where(and(isNull(foods.organizationId), isNull(foods.ciqualCode), eq(foods.searchKey, fold(f.nameFr))))
        .limit(1);
      if (byName) {
        await tx.update(foods).set(values).where(eq(foods.id, byName.id));
        updated++;
      } else {
        await tx.insert(foods).values({ ...f, searchKey: fold(f.nameFr), organizationId: null });
        inserted++;
      }
    }
  });
  return { inserted, updated };
}
