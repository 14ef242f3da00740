import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { DEFAULT_TIME_ZONE } from '@wellbe/shared/domain/dates';
import { todayIn } from '@wellbe/shared/domain/zoned';
import { DEFAULT_SETTINGS } from '@wellbe/shared/domain/organisation-settings';
import { NEW_ORGANISATION_SETTINGS, ORGANISATION_FIELD_MESSAGES, settingsSchema, type Organisation, type OrganisationSettingsValues, type organisationSchema, type organisationUpdateSchema } from '@wellbe/shared/schemas/organisations';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerScope, ownScope, systemScope, type Caller, type OrgScope, type OneOrgScope } from '../../access/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { findOrganisation, findOrganisationWithCounts, insertOrganisation, listOrganisations, readSettings, updateOrganisation, writeSettings, type OrganisationWithCounts } from './organisations.repository.ts';

export const ORGANISATION_MESSAGES = {
  notFound: 'Organisation introuvable.',
  ownDeactivation: 'Vous ne pouvez pas désactiver votre propre organisation.',
  logoType: 'Le logo doit être une image PNG, JPEG ou WebP.',
  logoMissing: 'Aucun fichier de logo reçu.',
  noLogo: 'Cette organisation n’a pas de logo.',
  logoTooLarge: 'Le logo ne doit pas dépasser 2 Mo.',
} as const;

const FIELDS = ['name', 'address', 'phone', 'email', 'siret'] as const;

function toOrganisation({ organisation: o, userCount, patientCount }: OrganisationWithCounts): Organisation {
  return {
    idOrganization: o.id,
    name: o.name,
    address: o.address,
    phone: o.phone,
    email: o.email,
    siret: o.siret,
    logoUrl: o.logoPath ? `/api/organisations/${o.id}/logo/${o.logoPath}` : null,
    active: o.active,
    deactivatedAt: o.deactivatedAt?.toISOString() ?? null,
    deactivationReason: o.deactivationReason,
    userCount,
    patientCount,
    createdAt: o.createdAt.toISOString(),
  };
}

/**
 * The settings an organisation applies ('Paramètres'), with the defaults filled in.
 * Other modules read them here: e.g. the documents module takes `uploadLimitBytes` as the
 * organisation's upload limit (never above SPEC §9's 50,000,000 bytes).
 */
export async function getOrganisationSettings(ctx: AppContext, organizationId: string | null): Promise<OrganisationSettingsValues> {
  if (!organizationId) return { ...DEFAULT_SETTINGS };
  // The organisation the calling area resolved for its caller (its own, or the one SA and DE named).
  const stored = (await readSettings(ctx.db, systemScope(organizationId))) ?? {};
  // A value stored by an older version that no longer passes the rules falls back to the default.
  const merged = { ...DEFAULT_SETTINGS, ...stored };
  const parsed = settingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : { ...DEFAULT_SETTINGS };
}

/**
 * Keys another area keeps in its organisation's settings (the agenda's booking delays), merged
 * (jsonb ||): the organisation's other settings stay as they are.
 */
export async function mergeOrganisationSettings(ctx: Pick<AppContext, 'db'>, scope: OneOrgScope, values: Record<string, unknown>, at: Date): Promise<void> {
  await writeSettings(ctx.db, scope, values as Parameters<typeof writeSettings>[2], at);
}

/** Logo formats recognised by their first bytes, never by the name or the declared type. */
function sniffImage(bytes: Buffer): 'png' | 'jpeg' | 'webp' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** A 512 px PNG produced by sharp stays far below this; the bound only stops a runaway encoder. */
const LOGO_MAX_STORED_BYTES = 10 * 1024 * 1024;

export class OrganisationsService {
  constructor(private readonly ctx: AppContext) {}

  private now() {
    return new Date(this.ctx.clock.now());
  }

  private async load(scope: OrgScope, id: string): Promise<OrganisationWithCounts> {
    const row = await findOrganisationWithCounts(this.ctx.db, scope, id);
    if (!row) throw notFound(ORGANISATION_MESSAGES.notFound);
    return row;
  }

  /**
   * The organisation's name, state and time zone ('Paramètres'; Europe/Paris by default), for another
   * area (creating a user in it, its statistics), which resolved the organisation for its caller.
   */
  async find(id: string): Promise<{ id: string; name: string; active: boolean; timeZone: string } | null> {
    const row = await findOrganisation(this.ctx.db, systemScope(id), id);
    const zone: unknown = row?.settings.timeZone;
    return row ? { id: row.id, name: row.name, active: row.active, timeZone: typeof zone === 'string' && zone ? zone : DEFAULT_TIME_ZONE } : null;
  }

  /**
   * Today's calendar day in the organisation's time zone: the day a patient's menu, program or
   * diary belongs to (a practice in Martinique keeps Tuesday until its own midnight).
   */
  async today(id: string): Promise<string> {
    return todayIn(await this.timeZone(id), this.ctx.clock.now());
  }

  /** The organisation's time zone; an account without organisation (SA, DE) keeps the default one. */
  async timeZone(id: string | null): Promise<string> {
    return (id ? (await this.find(id))?.timeZone : null) ?? DEFAULT_TIME_ZONE;
  }

  async list(caller: Caller, query: { q?: string; page: number; pageSize: number; cursor?: string }) {
    const { rows, total, totalCapped, nextCursor } = await listOrganisations(this.ctx.db, callerScope(caller), { q: query.q || undefined, page: query.page, pageSize: query.pageSize, cursor: query.cursor });
    // total is exact up to 1,000 matches (totalCapped beyond); nextCursor reads the next page by keyset.
    return { data: rows.map(toOrganisation), total, page: query.page, pageSize: query.pageSize, nextCursor, totalCapped };
  }

  /** An organisation another area resolved for its caller (its letterhead), or a row just written. */
  async get(id: string): Promise<Organisation> {
    return toOrganisation(await this.load(systemScope(id), id));
  }

  /** An organisation in the caller's reach (SA and DE: every one), else 404. */
  async read(caller: Caller, id: string): Promise<Organisation> {
    return toOrganisation(await this.load(callerScope(caller), id));
  }

  /** The support page of PA and SA: how to reach their own practice (name and public contact only). */
  async currentContact(caller: Caller): Promise<Pick<Organisation, 'name' | 'address' | 'phone' | 'email'>> {
    const scope = ownScope(caller, ORGANISATION_MESSAGES.notFound);
    const { name, address, phone, email } = toOrganisation(await this.load(scope, scope.organizationId));
    return { name, address, phone, email };
  }

  async create(caller: Caller, body: z.infer<typeof organisationSchema>): Promise<Organisation> {
    const at = this.now();
    const id = await insertOrganisation(this.ctx.db, { ...body, settings: { ...NEW_ORGANISATION_SETTINGS }, createdAt: at, updatedAt: at });
    await recordAudit(this.ctx, caller, { action: 'organisation.create', outcome: 'success', recordType: 'organisation', recordId: id, details: { after: body } });
    return this.get(id);
  }

  /** Edits the fields; `active: false` deactivates with a reason (nothing is ever deleted). */
  async update(caller: Caller, id: string, body: z.infer<typeof organisationUpdateSchema>): Promise<Organisation> {
    const scope = callerScope(caller);
    const { organisation: before } = await this.load(scope, id);
    const changes: Record<string, unknown> = {};
    for (const key of FIELDS) if (body[key] !== undefined && body[key] !== before[key]) changes[key] = body[key];
    if (changes.name === null) throw badRequest(ORGANISATION_FIELD_MESSAGES.nameRequired);

    const at = this.now();
    if (body.active === false && before.active) {
      if (id === caller.organizationId) throw forbidden(ORGANISATION_MESSAGES.ownDeactivation, 'own_deactivation');
      if (!body.deactivationReason) throw badRequest(ORGANISATION_FIELD_MESSAGES.deactivationReason, 'reason_required');
      Object.assign(changes, { active: false, deactivatedAt: at, deactivationReason: body.deactivationReason });
    } else if (body.active === true && !before.active) {
      Object.assign(changes, { active: true, deactivatedAt: null, deactivationReason: null });
    }
    if (Object.keys(changes).length === 0) return this.get(id);

    await updateOrganisation(this.ctx.db, scope, id, { ...changes, updatedAt: at });
    const action = 'active' in changes ? (changes.active ? 'organisation.activate' : 'organisation.deactivate') : 'organisation.update';
    const beforeValues = before as unknown as Record<string, unknown>;
    await recordAudit(this.ctx, caller, {
      action,
      outcome: 'success',
      recordType: 'organisation',
      recordId: id,
      details: {
        before: Object.fromEntries(Object.keys(changes).map((k) => [k, beforeValues[k] instanceof Date ? (beforeValues[k] as Date).toISOString() : beforeValues[k]])),
        after: Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])),
      },
    });
    return this.get(id);
  }

  /**
   * Stores a logo after checking its bytes, re-encoded to a PNG of at most 512 px by sharp: what
   * is served is always an image WellBe produced, never the uploaded bytes themselves.
   */
  async setLogo(caller: Caller, id: string, bytes: Buffer): Promise<Organisation> {
    const scope = callerScope(caller);
    const { organisation } = await this.load(scope, id);
    if (!sniffImage(bytes)) throw badRequest(ORGANISATION_MESSAGES.logoType, 'logo_type');
    let png: Buffer;
    try {
      png = await sharp(bytes).resize(512, 512, { fit: 'inside', withoutEnlargement: true }).png().toBuffer();
    } catch {
      throw badRequest(ORGANISATION_MESSAGES.logoType, 'logo_type');
    }
    const name = `${createHash('sha256').update(png).digest('hex')}.png`;
    // In the file store (local disk or S3) under logos/: every app server serves it.
    await this.ctx.storage.put(Readable.from([png]), LOGO_MAX_STORED_BYTES, `logos/${name}`);
    await updateOrganisation(this.ctx.db, scope, id, { logoPath: name, updatedAt: this.now() });
    await recordAudit(this.ctx, caller, {
      action: 'organisation.logo',
      outcome: 'success',
      recordType: 'organisation',
      recordId: id,
      details: { before: organisation.logoPath, after: name },
    });
    return this.get(id);
  }

  /** Logos are served by content name (the URL changes with the image): an <img> sends no token. */
  async readLogo(id: string, file: string): Promise<Readable> {
    // No caller (an <img>): the organisation named in the address, whose logo is public.
    const organisation = await findOrganisation(this.ctx.db, systemScope(id), id);
    if (!organisation || organisation.logoPath !== file) throw notFound(ORGANISATION_MESSAGES.noLogo);
    const stream = await this.ctx.storage.get(`logos/${file}`);
    if (!stream) throw notFound(ORGANISATION_MESSAGES.noLogo);
    return stream;
  }

  /** 'Paramètres' of the organisation the call acts for (admin's `settingsScope`). */
  async updateSettings(caller: Caller, scope: OneOrgScope, values: OrganisationSettingsValues): Promise<OrganisationSettingsValues> {
    const { organizationId } = scope;
    if (!(await findOrganisation(this.ctx.db, scope, organizationId))) throw notFound(ORGANISATION_MESSAGES.notFound);
    const before = await getOrganisationSettings(this.ctx, organizationId);
    await writeSettings(this.ctx.db, scope, values, this.now());
    const changed = (Object.keys(values) as (keyof OrganisationSettingsValues)[]).filter((k) => values[k] !== before[k]);
    await recordAudit(this.ctx, caller, {
      action: 'settings.update',
      outcome: 'success',
      recordType: 'organisation',
      recordId: organizationId,
      details: {
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: Object.fromEntries(changed.map((k) => [k, values[k]])),
      },
    });
    return getOrganisationSettings(this.ctx, organizationId);
  }
}
