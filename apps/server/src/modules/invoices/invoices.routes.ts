import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  actAnswer,
  actInputSchema,
  actListAnswer,
  billingSettingsAnswer,
  billingSettingsSchema,
  creditNoteAnswer,
  creditNoteInputSchema,
  invoiceAnswer,
  invoiceDayAnswer,
  invoiceInputSchema,
  invoiceListAnswer,
  invoiceListQuerySchema,
  invoicePageAnswer,
  invoicePatchSchema,
  noShowListAnswer,
  paymentAnswer,
  paymentInputSchema,
  periodQuerySchema,
  receiptsBookAnswer,
  receiptsBookQuerySchema,
} from '@wellbe/shared/schemas/invoices';
import { idParams, patientParams, uuidId } from '@wellbe/shared/schemas/fields';
import { apiErrorSchema, csvAnswer, fileAnswer, noContent } from '@wellbe/shared/schemas/responses';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import * as acts from './invoices.acts.service.ts';
import * as books from './invoices.book.service.ts';
import * as files from './invoices.files.service.ts';
import * as invoices from './invoices.service.ts';

const tags = ['invoices'];
const pdf = fileAnswer('PDF', 'application/pdf');
const draftConflict = apiErrorSchema.meta({ description: 'Refusé : la facture est émise (invoice_issued), ou le brouillon a changé depuis la version lue (version_conflict).' });

// Facturation: notes d'honoraires, credit notes, payments, the receipts book (permissions.ts groups
// invoices, invoicesWrite, invoicesMine, invoiceFiles). Every invoice is a patient's data.
export async function invoiceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const send = (reply: FastifyReply, file: files.FileOut) => reply.header('Content-Type', file.type).header('Content-Disposition', contentDisposition('attachment', file.fileName)).send(file.body);

  // ---- Static paths first (before /:id) ----
  r.get('/api/invoices/mine', { config: { access: 'invoicesMine', patientData: true }, schema: { response: { 200: invoiceListAnswer }, tags, summary: 'Mes factures (patient)' } }, async (request) => ({
    success: true,
    data: await invoices.myInvoices(ctx, callerOf(request)),
  }));

  r.get('/api/invoices/receipts-book', { config: { access: 'invoices', patientData: true }, schema: { response: { 200: receiptsBookAnswer.or(z.any()).meta({ description: 'Livre des recettes (JSON, CSV ou PDF selon format)' }) }, querystring: receiptsBookQuerySchema, tags, summary: 'Livre des recettes' } }, async (request, reply) => {
    const out = await files.receiptsBookOut(ctx, callerOf(request), request.query);
    if ('data' in out) return { success: true, data: out.data };
    return send(reply, out.file);
  });

  r.get('/api/invoices/accountant-export', { config: { access: 'invoices', patientData: true }, schema: { response: { 200: csvAnswer }, querystring: periodQuerySchema, tags, summary: 'Export comptable d’une période' } }, async (request, reply) => {
    const csv = await books.accountantExport(ctx, callerOf(request), request.query);
    return send(reply, { type: 'text/csv; charset=utf-8', fileName: `export-comptable-${request.query.from}-${request.query.to}.csv`, body: csv });
  });

  r.get('/api/invoices/today', { config: { access: 'invoices' }, schema: { response: { 200: invoiceDayAnswer }, tags, summary: 'Recettes du jour et factures impayées' } }, async (request) => ({
    success: true,
    data: await books.dayFigures(ctx, callerOf(request)),
  }));

  r.get('/api/invoices/no-shows/:idPatient', { config: { access: 'invoices', patientData: true }, schema: { response: { 200: noShowListAnswer }, params: patientParams, tags, summary: 'Absences d’un patient' } }, async (request) => ({
    success: true,
    data: await books.noShows(ctx, callerOf(request), request.params.idPatient),
  }));

  r.get('/api/invoices/acts', { config: { access: 'invoices' }, schema: { response: { 200: actListAnswer }, tags, summary: 'Actes et tarifs' } }, async (request) => ({
    success: true,
    data: await acts.listActs(ctx, callerOf(request)),
  }));

  r.post('/api/invoices/acts', { config: { access: 'invoicesWrite' }, schema: { response: { 201: actAnswer }, body: actInputSchema, tags, summary: 'Créer un acte' } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await acts.createAct(ctx, callerOf(request), request.body) };
  });

  r.put('/api/invoices/acts/:id', { config: { access: 'invoicesWrite' }, schema: { response: { 200: actAnswer }, params: idParams, body: actInputSchema, tags, summary: 'Modifier un acte' } }, async (request) => ({
    success: true,
    data: await acts.updateAct(ctx, callerOf(request), request.params.id, request.body),
  }));

  r.delete('/api/invoices/acts/:id', { config: { access: 'invoicesWrite' }, schema: { response: { 204: noContent }, params: idParams, tags, summary: 'Archiver un acte' } }, async (request, reply) => {
    await acts.archiveAct(ctx, callerOf(request), request.params.id);
    reply.status(204).send();
  });

  r.get('/api/invoices/settings', { config: { access: 'invoices' }, schema: { response: { 200: billingSettingsAnswer }, tags, summary: 'Émetteur des factures' } }, async (request) => ({
    success: true,
    data: await acts.billingSettings(ctx, callerOf(request)),
  }));

  r.put('/api/invoices/settings', { config: { access: 'invoiceSettings' }, schema: { response: { 200: billingSettingsAnswer }, body: billingSettingsSchema, tags, summary: 'Facturer au nom du cabinet ou du praticien' } }, async (request) => ({
    success: true,
    data: await acts.setBillingSettings(ctx, callerOf(request), request.body),
  }));

  // ---- Invoices ----
  r.get('/api/invoices', { config: { access: 'invoices', patientData: true }, schema: { response: { 200: invoicePageAnswer }, querystring: invoiceListQuerySchema, tags, summary: 'Factures' } }, async (request) => ({
    success: true,
    ...(await invoices.listInvoices(ctx, callerOf(request), request.query)),
  }));

  r.post('/api/invoices', { config: { access: 'invoicesWrite', patientData: true }, schema: { response: { 201: invoiceAnswer }, body: invoiceInputSchema, tags, summary: 'Créer une facture (brouillon, ou émise avec issue: true)' } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await invoices.createInvoice(ctx, callerOf(request), request.body) };
  });

  r.get('/api/invoices/:id', { config: { access: 'invoiceFiles', patientData: true }, schema: { response: { 200: invoiceAnswer }, params: idParams, tags, summary: 'Une facture' } }, async (request) => ({
    success: true,
    data: await invoices.readInvoice(ctx, callerOf(request), request.params.id),
  }));

  r.patch('/api/invoices/:id', { config: { access: 'invoicesWrite', patientData: true }, schema: { response: { 200: invoiceAnswer, 409: draftConflict }, params: idParams, body: invoicePatchSchema, tags, summary: 'Modifier un brouillon, à la version lue (409 si émise ou modifiée entre-temps)' } }, async (request) => ({
    success: true,
    data: await invoices.updateInvoice(ctx, callerOf(request), request.params.id, request.body),
  }));

  r.delete('/api/invoices/:id', { config: { access: 'invoicesWrite', patientData: true }, schema: { response: { 204: noContent }, params: idParams, tags, summary: 'Jamais : une facture ne se supprime pas (409)' } }, async (request) => {
    await invoices.deleteInvoice(ctx, callerOf(request), request.params.id);
  });

  r.post('/api/invoices/:id/issue', { config: { access: 'invoicesWrite', patientData: true }, schema: { response: { 200: invoiceAnswer }, params: idParams, tags, summary: 'Émettre (numéroter) une facture' } }, async (request) => ({
    success: true,
    data: await invoices.issueInvoice(ctx, callerOf(request), request.params.id),
  }));

  r.get('/api/invoices/:id/pdf', { config: { access: 'invoiceFiles', patientData: true }, schema: { response: { 200: pdf }, params: idParams, tags, summary: 'La note d’honoraires en PDF' } }, async (request, reply) => send(reply, await files.invoiceFile(ctx, callerOf(request), request.params.id)));

  r.post('/api/invoices/:id/credit-note', { config: { access: 'invoicesWrite', patientData: true }, schema: { response: { 201: creditNoteAnswer }, params: idParams, body: creditNoteInputSchema.optional(), tags, summary: 'Établir un avoir' } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await invoices.addCreditNote(ctx, callerOf(request), request.params.id, request.body ?? {}) };
  });

  r.post('/api/invoices/:id/payments', { config: { access: 'invoicesWrite', patientData: true }, schema: { response: { 201: paymentAnswer }, params: idParams, body: paymentInputSchema, tags, summary: 'Enregistrer un paiement' } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await invoices.addPayment(ctx, callerOf(request), request.params.id, request.body) };
  });

  r.get('/api/invoices/:id/payments/:paymentId/receipt', { config: { access: 'invoiceFiles', patientData: true }, schema: { response: { 200: pdf }, params: idParams.extend({ paymentId: uuidId() }), tags, summary: 'Reçu d’un paiement (PDF)' } }, async (request, reply) =>
    send(reply, await files.receiptFile(ctx, callerOf(request), request.params.id, request.params.paymentId)),
  );
}
