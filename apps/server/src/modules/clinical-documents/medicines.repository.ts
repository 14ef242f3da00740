import { and, asc, like, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { medicines } from '../../db/schema/clinical-documents.ts';

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Medicines whose folded name or substances contain every typed word (the trigram index answers
 * `LIKE '%word%'`), the names starting with the search first, then the shorter names. Reference data
 * of every organisation: no scope applies.
 */
export function searchMedicines(db: Database, words: string[], limit: number) {
  const starts = `${escapeLike(words.join(' '))}%`;
  return db
    .select({ id: medicines.cis, name: medicines.name, form: medicines.form, routes: medicines.routes, substances: medicines.substances, holder: medicines.holder })
    .from(medicines)
    .where(and(...words.map((w) => like(medicines.searchKey, `%${escapeLike(w)}%`))))
    .orderBy(sql`(${medicines.searchKey} like ${starts}) desc`, sql`length(${medicines.name})`, asc(medicines.name))
    .limit(limit);
}
