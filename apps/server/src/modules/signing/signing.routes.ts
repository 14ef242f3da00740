import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signingCertificateAnswer, signingUploadSchema } from '@wellbe/shared/schemas/signing';
import { uuidId } from '@wellbe/shared/schemas/fields';
import { callerOf } from '../../plugins/authenticate.ts';
import { readCertificate, uploadCertificate } from './signing.service.ts';

// SA and DE name the organisation; everybody else acts for their own.
const querystring = z.object({ organizationId: uuidId().optional() });

export async function signingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/signing-certificate', {
    config: { access: 'signingCertificate' },
    schema: { querystring, response: { 200: signingCertificateAnswer }, tags: ['signing'], summary: 'Le certificat de signature des PDF du cabinet' },
    handler: async (request) => ({ success: true, data: await readCertificate(app.ctx, callerOf(request), request.query.organizationId) }),
  });
  r.put('/api/signing-certificate', {
    bodyLimit: 128 * 1024,
    config: { access: 'signingCertificate' },
    schema: { querystring, body: signingUploadSchema, response: { 200: signingCertificateAnswer }, tags: ['signing'], summary: 'Installer son propre certificat PKCS#12' },
    handler: async (request) => ({ success: true, data: await uploadCertificate(app.ctx, callerOf(request), request.query.organizationId, request.body) }),
  });
}
