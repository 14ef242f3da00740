import type { Meal } from '@wellbe/shared/domain/dietetics';
import { ownScope, type Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { OrganisationsService } from '../organisations/organisations.service.ts';

// The dietetics area: Ciqual and organisation foods (dietetics.foods.ts), recipes (the WellBe
// library and each organisation's, dietetics.recipes.ts), patients' daily menus with totals against
// the Mifflin-St Jeor target (dietetics.menus.ts), programs of menus (dietetics.programs.ts) and the
// dietetic preferences (dietetics.profiles.ts), over the catalog a computation needs
// (dietetics.catalog.ts). Patients are found through the patients service (scope, 404, journal);
// every read or write of a patient's menus or profile writes a journal row. This file keeps what
// the area shares with others: its day and the practice's letterhead.

/** Today's calendar day in the time zone of the patient's practice (the organisations' rule). */
export function today(ctx: AppContext, organizationId: string): Promise<string> {
  return new OrganisationsService(ctx).today(organizationId);
}

export type { Meal };

/** The practice's letterhead for the printed week (name and public contact only). */
export async function letterhead(ctx: AppContext, caller: Caller): Promise<{ name: string; address: string | null; phone: string | null; email: string | null }> {
  const { organizationId } = ownScope(caller, 'Organisation introuvable.', 'organisation_not_found');
  const { name, address, phone, email } = await new OrganisationsService(ctx).get(organizationId);
  return { name, address, phone, email };
}
