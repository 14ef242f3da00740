import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { foods } from '../../db/tables.ts';

// What the dietetics API test files share.

/** A food of the Ciqual table (not an organisation's own) by its French name, as the database holds it. */
export async function libraryFood(db: Database, name: string) {
  const [row] = await db
    .select()
    .from(foods)
    .where(and(eq(foods.nameFr, name), isNull(foods.organizationId)));
  return row;
}
