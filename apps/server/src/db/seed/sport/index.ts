import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fold } from '@wellbe/shared/domain/text';
import type { SportCatalog } from '@wellbe/shared/schemas/sport';
import type { Database } from '../../client.ts';
import { exercises, sportBodyParts, sportCategories, sportEquipments, sportGenders, sportLevels, sportObjectives, sportProgramTypes } from '../../tables.ts';
import { CATALOG_SEEDS } from './catalogs.ts';
import { EXERCISES_FR } from './exercises-fr.ts';
import { insertInBatches, loadReferenceOnce } from '../reference.ts';

// The sport catalogs and the free-exercise-db library (public domain, FREE-EXERCISE-DB-LICENCE.md)
// are reference data, not demo data: every database gets them right after its migrations, once
// (app_meta 'sport-library' records the version loaded).

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const EXERCISE_LIBRARY = path.join(HERE, 'free-exercise-db.json');
const VERSION = 'free-exercise-db-2025-04-21';

export const CATALOG_TABLES = {
  bodyparts: sportBodyParts,
  categories: sportCategories,
  equipments: sportEquipments,
  levels: sportLevels,
  objectifs: sportObjectives,
  typeofprograms: sportProgramTypes,
  gender: sportGenders,
} as const satisfies Record<SportCatalog, unknown>;

interface SourceExercise {
  id: string;
  name: string;
  level: string;
  equipment: string | null;
  primaryMuscles: string[];
  secondaryMuscles: string[];
  instructions: string[];
  category: string;
}

export function readExerciseLibrary(file = EXERCISE_LIBRARY): SourceExercise[] {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as SourceExercise[];
}

/** The folded search key of an exercise: French and English names. */
export function exerciseSearchKey(nameFr: string | null, nameEn: string | null): string {
  return fold([nameFr, nameEn].filter(Boolean).join(' '));
}

/** Loads the catalogs and the library once per database (idempotent; run under the migration lock). */
export function seedSportLibrary(db: Database): Promise<boolean> {
  return loadReferenceOnce(db, { key: 'sport-library', version: VERSION, analyze: [exercises] }, async (tx) => {
    const ids = {} as Record<SportCatalog, Map<string, number>>;
    for (const [name, table] of Object.entries(CATALOG_TABLES) as [SportCatalog, typeof sportBodyParts][]) {
      const rows = await tx
        .insert(table)
        .values(CATALOG_SEEDS[name].map((s, i) => ({ code: s.code, labels: s.labels, label: s.labels.fr, region: s.region ?? null, position: i + 1 })))
        .returning({ id: table.id, code: table.code });
      ids[name] = new Map(rows.map((r) => [r.code, r.id]));
    }
    const rows = readExerciseLibrary().map((x) => {
      const fr = EXERCISES_FR[x.id];
      return {
        organizationId: null,
        sourceId: x.id,
        nameFr: fr?.name ?? null,
        nameEn: x.name,
        searchKey: exerciseSearchKey(fr?.name ?? null, x.name),
        instructionsFr: fr?.steps ?? null,
        instructionsEn: x.instructions,
        categoryId: ids.categories.get(x.category)!,
        levelId: ids.levels.get(x.level)!,
        equipmentId: ids.equipments.get(x.equipment ?? 'none') ?? null,
        primaryBodyPartIds: x.primaryMuscles.map((m) => ids.bodyparts.get(m)!).filter(Boolean),
        secondaryBodyPartIds: x.secondaryMuscles.map((m) => ids.bodyparts.get(m)!).filter(Boolean),
      };
    });
    await insertInBatches(tx, exercises, rows, 300);
  });
}
