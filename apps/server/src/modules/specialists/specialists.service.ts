import { GENERAL_SPECIALIST_ID, type JobSpecialist, type SpecialistCreate, type SpecialistUpdate } from '@wellbe/shared/schemas/specialists';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../access/caller.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { findSpecialist, insertSpecialist, listSpecialists, updateSpecialist } from './specialists.repository.ts';

export const SPECIALIST_MESSAGES = {
  notFound: 'Spécialité introuvable.',
  general: 'La spécialité 1 est le profil général : elle reste active et sans champs diététiques.',
} as const;

// SA and DE manage the job specialities; id 1 stays the general profile of SPEC §7.
export class SpecialistsService {
  constructor(private readonly ctx: AppContext) {}

  /** Whether a speciality exists (the user forms of another area check theirs through here). */
  async exists(id: number): Promise<boolean> {
    return !!(await findSpecialist(this.ctx.db, id));
  }

  /** The active specialities, id 1 (the general profile) first: SPEC §7 POST /api/Job_specialist list. */
  listActive(): Promise<JobSpecialist[]> {
    return listSpecialists(this.ctx.db, { activeOnly: true });
  }

  list(): Promise<JobSpecialist[]> {
    return listSpecialists(this.ctx.db, { activeOnly: false });
  }

  async create(caller: Caller, body: SpecialistCreate): Promise<JobSpecialist> {
    const created = await insertSpecialist(this.ctx.db, body);
    await recordAudit(this.ctx, caller, { action: 'specialist.create', outcome: 'success', recordType: 'specialist', recordId: String(created.id), details: { after: body } });
    return created;
  }

  async update(caller: Caller, id: number, body: SpecialistUpdate): Promise<JobSpecialist> {
    const before = await findSpecialist(this.ctx.db, id);
    if (!before) throw notFound(SPECIALIST_MESSAGES.notFound);
    if (id === GENERAL_SPECIALIST_ID && (body.dietetic === true || body.active === false)) throw badRequest(SPECIALIST_MESSAGES.general, 'general_profile');
    const after = (await updateSpecialist(this.ctx.db, id, body))!;
    const keys = (['labels', 'dietetic', 'active'] as const).filter((k) => body[k] !== undefined);
    await recordAudit(this.ctx, caller, {
      action: 'specialist.update',
      outcome: 'success',
      recordType: 'specialist',
      recordId: String(id),
      details: { before: Object.fromEntries(keys.map((k) => [k, before[k]])), after: Object.fromEntries(keys.map((k) => [k, after[k]])) },
    });
    return after;
  }
}
