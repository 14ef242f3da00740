import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clinicalDocumentDetailAnswer,
  clinicalDocumentListAnswer,
  clinicalDocumentListQuery,
  createClinicalDocumentSchema,
  issuedDocumentAnswer,
  replaceClinicalDocumentSchema,
  revokeClinicalDocumentSchema,
  sentDocumentAnswer,
  templateAnswer,
  templateInputSchema,
  templateListAnswer,
  templateListQuery,
  templateUpdateSchema,
  verificationAnswer,
  verifyParams,
} from '@wellbe/shared/schemas/clinical-documents';
import { idParams } from '@wellbe/shared/schemas/fields';
import { medicineListAnswer, medicineSearchQuery } from '@wellbe/shared/schemas/medicines';
import { fileAnswer, okSchema } from '@wellbe/shared/schemas/responses';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { actorOf, callerOf } from '../../lib/request.ts';
import * as documents from './clinical-documents.service.ts';
import * as templates from './clinical-documents.templates.service.ts';
import { suggestMedicines } from './medicines.service.ts';

const tags = ['clinical-documents'];

export async function clinicalDocumentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.post('/api/clinical-documents', {
    config: { access: 'dpsWrite', patientData: true },
    schema: { body: createClinicalDocumentSchema, response: { 200: issuedDocumentAnswer }, tags, summary: 'Émettre une ordonnance, un certificat ou un courrier (PDF signé)' },
    handler: async (request) => ({ success: true, data: await documents.createDocument(ctx, callerOf(request), request.body) }),
  });
  r.get('/api/clinical-documents', {
    config: { access: 'dps', patientData: true },
    schema: { querystring: clinicalDocumentListQuery, response: { 200: clinicalDocumentListAnswer }, tags, summary: "Les documents émis pour un patient" },
    handler: async (request) => ({ success: true, data: await documents.listDocuments(ctx, callerOf(request), request.query.patientId) }),
  });
  r.get('/api/clinical-documents/mine', {
    config: { access: 'dps', patientData: true },
    schema: { response: { 200: clinicalDocumentListAnswer }, tags, summary: 'Mes documents (patient)' },
    handler: async (request) => ({ success: true, data: await documents.myDocuments(ctx, callerOf(request)) }),
  });
  r.get('/api/clinical-documents/:id', {
    config: { access: 'dps', patientData: true },
    schema: { params: idParams, response: { 200: clinicalDocumentDetailAnswer }, tags, summary: 'Lire un document émis' },
    handler: async (request) => ({ success: true, data: await documents.readDocument(ctx, callerOf(request), request.params.id) }),
  });
  r.get('/api/clinical-documents/:id/pdf', {
    config: { access: 'dps', patientData: true },
    schema: { params: idParams, response: { 200: fileAnswer('Le PDF signé', 'application/pdf') }, tags, summary: 'Télécharger le PDF signé' },
    handler: async (request, reply) => {
      const { pdf, fileName } = await documents.documentPdf(ctx, callerOf(request), request.params.id);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition('inline', fileName))
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(pdf);
    },
  });
  r.post('/api/clinical-documents/:id/replace', {
    config: { access: 'dpsWrite', patientData: true },
    schema: { params: idParams, body: replaceClinicalDocumentSchema, response: { 200: issuedDocumentAnswer }, tags, summary: 'Corriger : un nouveau document remplace celui-ci' },
    handler: async (request) => ({ success: true, data: await documents.replaceDocument(ctx, callerOf(request), request.params.id, request.body.content) }),
  });
  r.post('/api/clinical-documents/:id/send', {
    config: { access: 'dpsWrite', patientData: true },
    schema: { params: idParams, response: { 200: sentDocumentAnswer }, tags, summary: 'Envoyer le document au patient dans la messagerie' },
    handler: async (request) => ({ success: true, data: await documents.sendDocument(ctx, callerOf(request), request.params.id) }),
  });
  r.post('/api/clinical-documents/:id/revoke', {
    config: { access: 'dpsWrite', patientData: true },
    schema: { params: idParams, body: revokeClinicalDocumentSchema, response: { 200: okSchema }, tags, summary: 'Révoquer un document (avec un motif)' },
    handler: async (request) => {
      await documents.revokeDocument(ctx, callerOf(request), request.params.id, request.body.reason);
      return { success: true };
    },
  });

  // Public: a pharmacist, a club or a colleague checks a paper from its QR code (no sign-in).
  r.get('/api/verify/:token', {
    config: { access: 'open' },
    schema: { params: verifyParams, response: { 200: verificationAnswer }, tags, summary: "Vérifier l'authenticité d'un document (public)" },
    handler: async (request) => documents.verifyDocument(ctx, actorOf(request), request.params.token),
  });

  // The BDPM reference (no patient data): suggestions while an ordonnance line is typed.
  r.get('/api/medicines', {
    config: { access: 'medicines' },
    schema: { querystring: medicineSearchQuery, response: { 200: medicineListAnswer }, tags, summary: 'Suggestions de médicaments (BDPM)' },
    handler: async (request) => ({ success: true, data: await suggestMedicines(ctx, request.query) }),
  });
  r.get('/api/clinical-document-templates', {
    config: { access: 'dpsWrite' },
    schema: { querystring: templateListQuery, response: { 200: templateListAnswer }, tags, summary: 'Les modèles de documents (du cabinet et les miens)' },
    handler: async (request) => ({ success: true, data: await templates.listTemplates(ctx, callerOf(request), request.query) }),
  });
  r.post('/api/clinical-document-templates', {
    config: { access: 'dpsWrite' },
    schema: { body: templateInputSchema, response: { 200: templateAnswer }, tags, summary: 'Créer un modèle' },
    handler: async (request) => ({ success: true, data: await templates.createTemplate(ctx, callerOf(request), request.body) }),
  });
  r.put('/api/clinical-document-templates/:id', {
    config: { access: 'dpsWrite' },
    schema: { params: idParams, body: templateUpdateSchema, response: { 200: templateAnswer }, tags, summary: 'Modifier ou désactiver un modèle' },
    handler: async (request) => ({ success: true, data: await templates.updateTemplate(ctx, callerOf(request), request.params.id, request.body) }),
  });
  r.post('/api/clinical-document-templates/:id/duplicate', {
    config: { access: 'dpsWrite' },
    schema: { params: idParams, response: { 200: templateAnswer }, tags, summary: 'Dupliquer un modèle (une copie à soi)' },
    handler: async (request) => ({ success: true, data: await templates.duplicateTemplate(ctx, callerOf(request), request.params.id) }),
  });
}
