import { z } from 'zod';
import { dataAnswer, instant } from './responses.ts';

// The organisation's signing certificate (signed PDFs: ordonnances, certificates, invoices): a
// self-signed one made at first use, or the PKCS#12 an administrator uploads.

export const SIGNING_MESSAGES = {
  notFound: 'Certificat de signature introuvable.',
  invalidFile: "Le fichier n'est pas un certificat PKCS#12 (.p12 ou .pfx) valide.",
  wrongPassword: 'Le mot de passe du certificat est incorrect.',
  noKey: 'Le certificat ne contient pas de clé privée correspondant à un certificat.',
  expired: 'Ce certificat a expiré.',
  tooCostly: 'Ce certificat demande trop d’itérations de chiffrement (100 000 au plus) : exportez-le de nouveau avec les réglages habituels.',
  tooLarge: 'Le certificat ne doit pas dépasser 64 Ko.',
  missingFile: 'Choisissez un fichier de certificat (.p12 ou .pfx).',
  passwordTooLong: 'Le mot de passe ne doit pas dépasser 200 caractères.',
} as const;

/** 64 KB of PKCS#12 (a key and a chain of a few certificates), sent in base64. */
export const PKCS12_MAX_BYTES = 64 * 1024;

export const signingUploadSchema = z.object({
  pkcs12: z
    .string({ error: SIGNING_MESSAGES.missingFile })
    .min(1, { error: SIGNING_MESSAGES.missingFile })
    .max(Math.ceil(PKCS12_MAX_BYTES / 3) * 4 + 4, { error: SIGNING_MESSAGES.tooLarge })
    .regex(/^[A-Za-z0-9+/=_-]+$/, { error: SIGNING_MESSAGES.invalidFile }),
  password: z.string().max(200, { error: SIGNING_MESSAGES.passwordTooLong }),
});
export type SigningUpload = z.infer<typeof signingUploadSchema>;

export const signingCertificateSchema = z.object({
  source: z.enum(['generated', 'uploaded']),
  subject: z.string(),
  fingerprint: z.string(),
  notAfter: instant,
  createdAt: instant,
});
export const signingCertificateAnswer = dataAnswer(signingCertificateSchema);
