import { fold } from '@wellbe/shared/domain/text';
import { MEDICINE_QUERY_MIN, type Medicine, type MedicineSearchQuery } from '@wellbe/shared/schemas/medicines';
import type { AppContext } from '../../context.ts';
import { searchMedicines } from './medicines.repository.ts';

/** At most this many words of a search count (each is one indexed LIKE). */
const MAX_WORDS = 6;

/** The BDPM medicines matching what the practitioner types (accent-insensitive), for the ordonnance editor. */
export async function suggestMedicines(ctx: AppContext, query: MedicineSearchQuery): Promise<Medicine[]> {
  const folded = fold(query.q);
  if (folded.length < MEDICINE_QUERY_MIN) return [];
  const words = folded.split(' ').slice(0, MAX_WORDS);
  return searchMedicines(ctx.db, words, query.limit);
}
