import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONTACT_LIMITS,
  contactAnswer,
  contactBulkAnswer,
  contactBulkSchema,
  contactGroupAnswer,
  contactInputSchema,
  contactListAnswer,
  contactListQuerySchema,
  contactsCallAnswers,
  contactsCallSchemas,
  contactUserAnswer,
  groupInputSchema,
  practiceCardAnswer,
  practiceMessageAnswer,
  practiceMessageSchema,
  vcardImportAnswer,
  vcardImportSchema,
} from '@wellbe/shared/schemas/contacts';
import { callerOf } from '../../plugins/authenticate.ts';
import { notFound } from '../../lib/errors.ts';
import * as contacts from './contacts.service.ts';
import { idParams } from '@wellbe/shared/schemas/fields';
import { exportVCards, importVCards } from './contacts.vcard.ts';
import { fileAnswer, noContent } from '@wellbe/shared/schemas/responses';

const tags = ['contacts'];
const access = 'addressBook' as const;
/** A 5 MB .vcf sent as a JSON string: escaping may grow it a little. */
const VCARD_BODY_LIMIT = Math.ceil(CONTACT_LIMITS.vcardBytes * 1.2);

// The practice's address book, as REST resources under /api/contacts.
export async function contactRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get('/api/contacts', { config: { access }, schema: { response: { 200: contactListAnswer }, querystring: contactListQuerySchema.extend({ cursor: z.string().max(400).optional() }), tags, summary: 'Carnet d’adresses (ordre alphabétique, filtres, recherche)' } }, async (request) => ({
    success: true,
    data: await contacts.listContacts(ctx, callerOf(request), request.query),
  }));

  r.get('/api/contacts/me', { config: { access }, schema: { response: { 200: contactUserAnswer }, tags, summary: 'Mes favoris, contacts fréquents et groupes (SPEC §3 Contact user)' } }, async (request) => ({
    success: true,
    data: await contacts.contactUser(ctx, callerOf(request)),
  }));

  r.get('/api/contacts/export', { config: { access }, schema: { response: { 200: fileAnswer('Cartes de visite vCard', 'text/vcard') }, querystring: z.object({ ids: z.string().max(20_000).optional() }), tags, summary: 'Exporter en vCard (.vcf)' } }, async (request, reply) => {
    const ids = request.query.ids ? request.query.ids.split(',').filter(Boolean) : undefined;
    if (ids && ids.some((id) => !z.uuid().safeParse(id).success)) ids.splice(0, ids.length, '00000000-0000-0000-0000-000000000000');
    const vcf = await exportVCards(ctx, callerOf(request), ids);
    reply.header('Content-Type', 'text/vcard; charset=utf-8').header('Content-Disposition', `attachment; filename="${ids?.length === 1 ? 'contact' : 'contacts'}.vcf"`);
    return vcf;
  });

  r.post('/api/contacts/import', { bodyLimit: VCARD_BODY_LIMIT, config: { access }, schema: { response: { 200: vcardImportAnswer }, body: vcardImportSchema, tags, summary: 'Importer un fichier vCard (aperçu avec dryRun)' } }, async (request) => ({
    success: true,
    data: await importVCards(ctx, callerOf(request), request.body),
  }));

  // Open on purpose, as the profile photos: an <img> sends no bearer token; the address, 128 random
  // bits that change with the photo, is given only by an authorised answer (lib/avatars.ts).
  const photos = contacts.contactPhotos(ctx);
  r.get('/api/contacts/photo/:contactId/:file', { config: { access: 'open' }, schema: { response: { 200: fileAnswer('Photo du contact', 'image/png') }, params: z.object({ contactId: z.uuid(), file: z.string().regex(/^[0-9a-f]{32}\.png$/) }), tags, summary: 'Photo d’un contact' } }, async (request, reply) => {
    const stream = await photos.read(request.params.contactId, request.params.file.slice(0, -'.png'.length));
    if (!stream) throw notFound();
    return reply.type('image/png').header('Content-Disposition', 'inline').send(stream);
  });

  r.post('/api/contacts/bulk', { config: { access }, schema: { response: { 200: contactBulkAnswer }, body: contactBulkSchema, tags, summary: 'Ajouter aux favoris, retirer, supprimer une sélection' } }, async (request) => {
    const { operation, contactIds } = request.body;
    const caller = callerOf(request);
    if (operation === 'delete') return { success: true, data: { deleted: await contacts.deleteContacts(ctx, caller, contactIds) } };
    return { success: true, data: await contacts.star(ctx, caller, contactIds, operation === 'star') };
  });

  r.post('/api/contacts/groups', { config: { access }, schema: { response: { 201: contactGroupAnswer }, body: groupInputSchema, tags, summary: 'Créer un groupe' } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await contacts.saveGroup(ctx, callerOf(request), null, request.body) };
  });

  r.put('/api/contacts/groups/:id', { config: { access }, schema: { response: { 200: contactGroupAnswer }, params: idParams, body: groupInputSchema, tags, summary: 'Renommer un groupe, changer ses membres' } }, async (request) => ({
    success: true,
    data: await contacts.saveGroup(ctx, callerOf(request), request.params.id, request.body),
  }));

  r.delete('/api/contacts/groups/:id', { config: { access }, schema: { response: { 204: noContent }, params: idParams, tags, summary: 'Supprimer un groupe (ses contacts restent)' } }, async (request, reply) => {
    await contacts.deleteGroup(ctx, callerOf(request), request.params.id);
    reply.status(204).send();
  });

  // The patient's /contact: their practice's public card and "Nous écrire" (every role has a practice).
  r.get('/api/contacts/practice', { config: { access: 'staff' }, schema: { response: { 200: practiceCardAnswer }, tags, summary: 'Carte publique du cabinet' } }, async (request) => ({
    success: true,
    data: await contacts.practiceCardFor(ctx, callerOf(request)),
  }));

  r.post('/api/contacts/practice/message', { config: { access: 'staff' }, schema: { response: { 201: practiceMessageAnswer, 202: practiceMessageAnswer }, body: practiceMessageSchema, tags, summary: 'Nous écrire : un message au cabinet' } }, async (request, reply) => {
    const { chatId } = await contacts.writeToPractice(ctx, callerOf(request), request.body);
    reply.status(chatId ? 201 : 202);
    return { success: true, chatId };
  });

  r.get('/api/contacts/:id', { config: { access }, schema: { response: { 200: contactAnswer }, params: idParams, tags, summary: 'Un contact (compte pour les contacts fréquents)' } }, async (request) => ({
    success: true,
    data: await contacts.readContact(ctx, callerOf(request), request.params.id),
  }));

  r.post('/api/contacts', { config: { access }, schema: { response: { 201: contactAnswer }, body: contactInputSchema, tags, summary: 'Ajouter un contact' } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await contacts.createContact(ctx, callerOf(request), request.body) };
  });

  r.put('/api/contacts/:id', { config: { access }, schema: { response: { 200: contactAnswer }, params: idParams, body: contactInputSchema, tags, summary: 'Modifier un contact' } }, async (request) => ({
    success: true,
    data: await contacts.updateContact(ctx, callerOf(request), request.params.id, request.body),
  }));

  r.put('/api/contacts/:id/star', { config: { access }, schema: { response: { 200: contactUserAnswer }, params: idParams, body: z.object({ starred: z.boolean() }), tags, summary: 'Favori ou non' } }, async (request) => ({
    success: true,
    data: await contacts.star(ctx, callerOf(request), [request.params.id], request.body.starred),
  }));

  r.delete('/api/contacts/:id', { config: { access }, schema: { response: { 204: noContent }, params: idParams, tags, summary: 'Supprimer un contact' } }, async (request, reply) => {
    await contacts.deleteContacts(ctx, callerOf(request), [request.params.id]);
    reply.status(204).send();
  });
}

// SPEC §7 contact calls, at the paths and with the bodies and answers of the Fuse address book
// (`/api/contacts-app/...`): answers are the bare values that client reads.
export async function contactCallRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const base = '/api/contacts-app';
  const s = contactsCallSchemas;
  const a = contactsCallAnswers;

  r.get(`${base}/contacts`, { config: { access }, schema: { response: { 200: a.contacts }, querystring: s.list, tags, summary: 'SPEC §7 GET contacts (id = all, frequent, starred)' } }, async (request) =>
    contacts.contactsOfCall(ctx, callerOf(request), request.query.id),
  );
  r.get(`${base}/user`, { config: { access }, schema: { response: { 200: a.user }, tags, summary: 'SPEC §7 GET user (starred, frequentContacts, groups)' } }, async (request) => contacts.contactUser(ctx, callerOf(request)));
  r.post(`${base}/add-contact`, { config: { access }, schema: { response: { 200: a.contact }, body: s.addContact, tags, summary: 'SPEC §7 add-contact' } }, async (request) =>
    contacts.createContact(ctx, callerOf(request), request.body.newContact),
  );
  r.post(`${base}/update-contact`, { config: { access }, schema: { response: { 200: a.contact }, body: s.updateContact, tags, summary: 'SPEC §7 update-contact' } }, async (request) => {
    const { id, ...input } = request.body.contact;
    return contacts.updateContact(ctx, callerOf(request), id, input);
  });
  r.post(`${base}/remove-contact`, { config: { access }, schema: { response: { 200: a.removedId }, body: s.removeContact, tags, summary: 'SPEC §7 remove-contact' } }, async (request, reply) => {
    await contacts.deleteContacts(ctx, callerOf(request), [request.body.contactId]);
    // The bare id, as JSON (a string handler result would go out as text/plain).
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(request.body.contactId));
  });
  r.post(`${base}/remove-contacts`, { config: { access }, schema: { response: { 200: a.removedIds }, body: s.removeContacts, tags, summary: 'SPEC §7 remove-contacts' } }, async (request) => contacts.deleteContacts(ctx, callerOf(request), request.body.contactIds));
  r.post(`${base}/toggle-starred-contact`, { config: { access }, schema: { response: { 200: a.user }, body: s.toggleStarredContact, tags, summary: 'SPEC §7 toggle-starred-contact' } }, async (request) =>
    contacts.star(ctx, callerOf(request), [request.body.contactId], 'toggle'),
  );
  r.post(`${base}/toggle-starred-contacts`, { config: { access }, schema: { response: { 200: a.user }, body: s.contactIds, tags, summary: 'SPEC §7 toggle-starred-contacts' } }, async (request) =>
    contacts.star(ctx, callerOf(request), request.body.contactIds, 'toggle'),
  );
  r.post(`${base}/set-contacts-starred`, { config: { access }, schema: { response: { 200: a.user }, body: s.contactIds, tags, summary: 'SPEC §7 set-contacts-starred' } }, async (request) =>
    contacts.star(ctx, callerOf(request), request.body.contactIds, true),
  );
  r.post(`${base}/set-contacts-unstarred`, { config: { access }, schema: { response: { 200: a.user }, body: s.contactIds, tags, summary: 'SPEC §7 set-contacts-unstarred' } }, async (request) =>
    contacts.star(ctx, callerOf(request), request.body.contactIds, false),
  );
}
