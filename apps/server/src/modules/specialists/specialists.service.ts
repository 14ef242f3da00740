import { GENERAL_SPECIALIST_ID, type JobSpecialist, type SpecialistCreate, type SpecialistUpdate } from '@wellbe/shared/schemas/specialists';
import type { Caller } from '../../access/caller.ts';
import type { AppContext } from '../../context.ts';
import { jobSpecialists } from '../../db/schema/specialists.ts';
import { badRequest } from '../../lib/errors.ts';
import { ReferenceService } from '../../lib/reference/reference.service.ts';
import type { ReferenceRow, ReferenceTable } from '../../lib/reference/reference.repository.ts';

export const SPECIALIST_MESSAGES = {
  notFound: 'Spécialité introuvable.',
  general: 'La spécialité 1 est le profil général : elle reste active et sans champs diététiques.',
} as const;

function toSpecialist(row: ReferenceRow): JobSpecialist {
  return { ...ReferenceService.item(row), idJobSpecialist: row.id, dietetic: row.dietetic as boolean };
}

// Job specialities: a reference table (lib/reference) with its own `dietetic` field. SA and DE
// manage the list; id 1 stays the general profile of SPEC §7 (active, no dietetic fields).
export class SpecialistsService {
  private readonly reference: ReferenceService<JobSpecialist, SpecialistCreate, SpecialistUpdate>;

  constructor(ctx: AppContext) {
    this.reference = new ReferenceService(ctx, {
      recordType: 'specialist',
      table: jobSpecialists as unknown as ReferenceTable,
      notFoundMessage: SPECIALIST_MESSAGES.notFound,
      toItem: toSpecialist,
      extraValues: (body) => (body.dietetic !== undefined ? { dietetic: body.dietetic } : {}),
      checkUpdate: (id, body) => {
        if (id === GENERAL_SPECIALIST_ID && (body.dietetic === true || body.active === false)) throw badRequest(SPECIALIST_MESSAGES.general, 'general_profile');
      },
    });
  }

  /** The kit's service, for the REST routes of the reference contract. */
  get kit() {
    return this.reference;
  }

  /** Whether a speciality exists (the user forms of another area check theirs through here). */
  async exists(id: number): Promise<boolean> {
    return !!(await this.reference.find(id));
  }

  /** The active specialities in their order: SPEC §7 POST /api/Job_specialist list. */
  listActive(): Promise<JobSpecialist[]> {
    return this.reference.list({ activeOnly: true });
  }

  list(): Promise<JobSpecialist[]> {
    return this.reference.list();
  }

  create(caller: Caller, body: SpecialistCreate): Promise<JobSpecialist> {
    return this.reference.create(caller, body);
  }

  update(caller: Caller, id: number, body: SpecialistUpdate): Promise<JobSpecialist> {
    return this.reference.update(caller, id, body);
  }
}
