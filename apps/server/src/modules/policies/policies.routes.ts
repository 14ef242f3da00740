import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptPoliciesSchema,
  POLICY_MESSAGES,
  policyAcceptancesAnswer,
  policyRefusedAnswer,
  policyVersionAnswer,
  policyVersionInputSchema,
  policyVersionPatchSchema,
  policyVersionsAnswer,
} from '@wellbe/shared/schemas/policies';
import { actorOf, callerOf } from '../../lib/request.ts';
import { journalAuth } from '../auth/auth.journal.ts';
import { endSession } from '../auth/sessions.service.ts';
import * as policies from './policies.service.ts';
import { csvAnswer } from '@wellbe/shared/schemas/responses';

const tags = ['policies'];
const idParams = z.object({ id: z.uuid() });

// Versioned policies and recorded consent (issue 20). Public: the versions in force. Signed in:
// what I owe, accepting or refusing it, what I accepted. DE (SPEC §6 /policy): writing versions.
export async function policyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get('/api/policies/current', { config: { access: 'open' }, schema: { response: { 200: policyVersionsAnswer }, tags, summary: 'Les versions en vigueur (pages publiques)' } }, async () => ({
    success: true,
    data: await policies.current(ctx),
  }));

  r.get('/api/policies/pending', { config: { access: 'authenticated', consentExempt: true }, schema: { response: { 200: policyVersionsAnswer }, tags, summary: 'Les versions que l’appelant doit accepter' } }, async (request) => ({
    success: true,
    data: await policies.pending(ctx, callerOf(request)),
  }));

  r.post('/api/policies/accept', { config: { access: 'authenticated', consentExempt: true }, schema: { response: { 200: policyAcceptancesAnswer }, body: acceptPoliciesSchema, tags, summary: 'Accepter les versions en vigueur' } }, async (request) => ({
    success: true,
    data: await policies.accept(ctx, callerOf(request), request.body.versionIds),
  }));

  r.post('/api/policies/refuse', { config: { access: 'authenticated', consentExempt: true }, schema: { response: { 200: policyRefusedAnswer }, tags, summary: 'Refuser : la session est fermée' } }, async (request) => {
    const me = callerOf(request);
    if (request.sessionId) await endSession(ctx, me.id, request.sessionId);
    await journalAuth(ctx, actorOf(request), { action: 'policy.refuse', outcome: 'success', user: me });
    return { success: true, message: POLICY_MESSAGES.refused };
  });

  r.get('/api/policies/acceptances/mine', { config: { access: 'authenticated', consentExempt: true }, schema: { response: { 200: policyAcceptancesAnswer }, tags, summary: 'Les versions que j’ai acceptées, et quand' } }, async (request) => ({
    success: true,
    data: await policies.mine(ctx, callerOf(request)),
  }));

  r.get('/api/policies/acceptances/export', { config: { access: 'journal' }, schema: { response: { 200: csvAnswer }, tags, summary: 'Export CSV des acceptations des utilisateurs de mon organisation' } }, async (request, reply) => {
    const csv = await policies.exportAcceptances(ctx, callerOf(request));
    reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="acceptations.csv"');
    return csv;
  });

  r.get('/api/policies', { config: { access: 'developer' }, schema: { response: { 200: policyVersionsAnswer }, tags, summary: 'Toutes les versions (rédaction)' } }, async () => ({
    success: true,
    data: await policies.list(ctx),
  }));

  r.post('/api/policies', { config: { access: 'developer' }, schema: { response: { 201: policyVersionAnswer }, body: policyVersionInputSchema, tags, summary: 'Nouvelle version (brouillon)' } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await policies.create(ctx, callerOf(request), request.body) };
  });

  r.patch('/api/policies/:id', { config: { access: 'developer' }, schema: { response: { 200: policyVersionAnswer }, params: idParams, body: policyVersionPatchSchema, tags, summary: 'Modifier un brouillon' } }, async (request) => ({
    success: true,
    data: await policies.update(ctx, callerOf(request), request.params.id, request.body),
  }));

  r.post('/api/policies/:id/publish', { config: { access: 'developer' }, schema: { response: { 200: policyVersionAnswer }, params: idParams, tags, summary: 'Publier une version' } }, async (request) => ({
    success: true,
    data: await policies.publish(ctx, callerOf(request), request.params.id),
  }));
}

/**
 * The consent gate: a signed-in user who owes an acceptance gets 403 `consent_required` on every
 * call but the consent screen's own, sign-out and the public ones, until they accept (issue 20).
 * Registered after the authentication hook, so the caller is known. Its answer per user is kept in
 * the sign-in cache (lib/auth-cache.ts), forgotten on every server when a version is written or
 * an acceptance recorded, and when the next version's effective date comes: no query per request.
 */
export function registerConsentGate(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const access = config?.access;
    if (access === undefined || access === 'open' || access === 'guest' || access === 'guestOnly' || config.consentExempt) return;
    if (!request.user) return;
    if (await policies.owesConsent(app.ctx, request.user.id)) throw policies.consentRequired();
  });
}
