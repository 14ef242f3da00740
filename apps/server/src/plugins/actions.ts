import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allows, type Access } from '@wellbe/shared/permissions';
import { z } from 'zod';
import { recordAudit } from '../lib/audit.ts';
import { forbidden, isIdentityMismatch } from '../lib/errors.ts';
import { actorOf, isGuestOnly, unauthenticated } from './authenticate.ts';

// The SPEC §7 action endpoints: one POST path, a JSON body whose `action` picks the operation.
// The body is a zod discriminated union on `action` (an unknown action is a 400), and each action
// declares its own access, checked against the SPEC §6 table like any route.

export interface ActionDef<S extends z.ZodObject = z.ZodObject> {
  access: Access;
  /** The action reads or writes patient data: a refusal is journalled too. */
  patientData?: boolean;
  body: S;
  /** The action's success answer (SPEC §7: `success` and the fields beside it), as the API document shows it. */
  response: z.ZodType;
  handler: (request: FastifyRequest, body: z.infer<S>, reply: FastifyReply) => Promise<unknown>;
}

/** Declares one action with its body type inferred. */
export function action<S extends z.ZodObject>(def: ActionDef<S>): ActionDef<S> {
  return def;
}

/** Identity fields of a SPEC §7 body: checked against the token (403), not looked up as records. */
const IDENTITY_FIELDS = new Set(['Iduser', 'idOrganization']);

/** The uuid fields of an action body that name records (the record matrix test sends foreign ids there). */
function recordIdFields(body: z.ZodObject): string[] {
  return Object.entries(body.shape)
    .filter(([key, field]) => {
      if (IDENTITY_FIELDS.has(key)) return false;
      let def = (field as z.ZodType)._zod.def as { innerType?: z.ZodType; format?: string };
      while (def.innerType) def = def.innerType._zod.def as typeof def;
      return def.format === 'uuid';
    })
    .map(([key]) => key);
}

/** The answers of an endpoint's actions: one of theirs (each action answers 200). */
function actionAnswers(defs: ActionDef[]): z.ZodType {
  const answers = [...new Set(defs.map((d) => d.response))];
  return answers.length === 1 ? answers[0] : z.union(answers as [z.ZodType, z.ZodType, ...z.ZodType[]]);
}

export function registerActions(
  app: FastifyInstance,
  path: string,
  actions: Record<string, ActionDef>,
  tags: string[] = [],
  /** A body limit above the server's default, for actions carrying long texts. */
  options: { bodyLimit?: number } = {},
) {
  const names = Object.keys(actions);
  const variants = names.map((name) => actions[name].body.extend({ action: z.literal(name) }));
  const body = z.discriminatedUnion('action', variants as unknown as [z.ZodObject, ...z.ZodObject[]]);
  const everyActionNeedsUser = names.every((n) => actions[n].access !== 'open' && !isGuestOnly(actions[n].access));

  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: path,
    bodyLimit: options.bodyLimit,
    // When no action is public, an anonymous caller is refused before the body is even parsed.
    // `actions` is metadata: the route catalog (and its matrix test) reads each action's access.
    config: {
      access: everyActionNeedsUser ? 'authenticated' : 'open',
      actions: Object.fromEntries(names.map((n) => [n, actions[n].access])),
      actionRecordIds: Object.fromEntries(names.map((n) => [n, recordIdFields(actions[n].body)])),
    },
    schema: { body, tags, summary: `Actions : ${names.join(', ')}`, response: { 200: actionAnswers(names.map((n) => actions[n])) } },
    // Each action's access is checked on the parsed body before it is validated: a refused caller
    // gets 401/403, never a validation message about a body they may not send at all.
    preValidation: async (request) => {
      const name = (request.body as { action?: unknown } | null)?.action;
      if (typeof name !== 'string' || !Object.hasOwn(actions, name)) return; // validation answers 400
      const def = actions[name];
      if (isGuestOnly(def.access)) {
        if (request.user) throw forbidden();
      } else if (def.access !== 'open') {
        if (!request.user) throw unauthenticated(request);
        if (!allows(def.access, request.user.role)) {
          if (def.patientData) await recordAudit(app.ctx, actorOf(request), { action: `${path}:${name}`, outcome: 'denied' });
          throw forbidden();
        }
      }
    },
    handler: async (request, reply) => {
      const payload = request.body as { action: string };
      const def = actions[payload.action];
      try {
        return await def.handler(request, payload, reply);
      } catch (err) {
        // DESIGN §4: a refused attempt on patient data is journalled too, including a body naming
        // another user or organisation than the token's (the role itself was allowed).
        if (def.patientData && isIdentityMismatch(err)) {
          await recordAudit(app.ctx, actorOf(request), { action: `${path}:${payload.action}`, outcome: 'denied', details: { reason: 'identity_mismatch' } });
        }
        throw err;
      }
    },
  });
}
