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

const TIME_ZONE = 'Europe/Paris';

/** Today's calendar day in the practice's time zone. */
export function today(ctx: AppContext): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(ctx.clock.now()));
}

export type { Meal };

/** The practice's letterhead for the printed week (name and public contact only). */
export async function letterhead(ctx: AppContext, caller: Caller): Promise<{ name: string; address: string | null; phone: string | null; email: string | null }> {
  const { organizationId } = ownScope(caller, 'Organisation introuvable.', 'organisation_not_found');
  const { name, address, phone, email } = await new OrganisationsService(ctx).get(organizationId);
  return { name, address, phone, email };
}
