import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { orgFilter, type OneOrgScope, type OrgScope } from '../../access/scope.ts';
import type { Database } from '../../db/client.ts';
import { clinicalDocumentTemplates as templates } from '../../db/schema/clinical-documents.ts';
import type { ClinicalDocumentKind } from '@wellbe/shared/schemas/clinical-documents';

export type TemplateRow = typeof templates.$inferSelect;
export type TemplateValues = Pick<TemplateRow, 'kind' | 'name' | 'content'>;

/** What a user may use: the organisation's templates and their own. */
const visibleTo = (scope: OrgScope, userId: string) => and(orgFilter(scope, templates.organizationId), or(isNull(templates.ownerId), eq(templates.ownerId, userId)));

export function listTemplates(db: Database, scope: OrgScope, userId: string, filter: { kind?: ClinicalDocumentKind; all: boolean }) {
  return db
    .select()
    .from(templates)
    .where(and(visibleTo(scope, userId), filter.kind ? eq(templates.kind, filter.kind) : undefined, filter.all ? undefined : eq(templates.active, true)))
    .orderBy(asc(templates.kind), asc(templates.name), asc(templates.id))
    .limit(500);
}

export async function findTemplate(db: Database, scope: OrgScope, userId: string, id: string): Promise<TemplateRow | undefined> {
  const [row] = await db.select().from(templates).where(and(eq(templates.id, id), visibleTo(scope, userId))).limit(1);
  return row;
}

export async function insertTemplate(db: Database, scope: OneOrgScope, ownerId: string | null, values: TemplateValues, at: Date): Promise<TemplateRow> {
  const [row] = await db.insert(templates).values({ ...values, organizationId: scope.organizationId, ownerId, createdAt: at, updatedAt: at }).returning();
  return row;
}

export async function updateTemplate(db: Database, scope: OrgScope, id: string, values: Partial<TemplateValues> & { active?: boolean }, at: Date): Promise<TemplateRow | undefined> {
  const [row] = await db
    .update(templates)
    .set({ ...values, updatedAt: at })
    .where(and(eq(templates.id, id), orgFilter(scope, templates.organizationId)))
    .returning();
  return row;
}
