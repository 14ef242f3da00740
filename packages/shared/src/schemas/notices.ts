import { z } from 'zod';
import { NOTICE_OPINION_MAX } from '../domain/notices.ts';
import { dataAnswer } from './responses.ts';

// SPEC §3 Notice (Star, PatientOpinion, Recommend): a patient's feedback on one of their own
// consultations, once per consultation, editable for 7 days (domain/notices.ts).
export { NOTICE_EDIT_WINDOW_MS, NOTICE_OPINION_MAX, noticeEditable } from '../domain/notices.ts';

export const NOTICE_MESSAGES = {
  starRequired: 'Choisissez une note de 1 à 5 étoiles.',
  opinionTooLong: `L’avis ne peut pas dépasser ${NOTICE_OPINION_MAX} caractères.`,
  recommendRequired: 'Indiquez si vous recommandez ce praticien.',
  alreadyGiven: 'Vous avez déjà donné votre avis sur cette consultation.',
  onlyPatient: 'Seul le patient peut donner son avis sur sa consultation.',
  editWindowOver: 'Cet avis ne peut plus être modifié : le délai de 7 jours est dépassé.',
  consultationNotFound: 'Consultation introuvable.',
  noticeNotFound: 'Avis introuvable.',
} as const;

export const noticeFieldsSchema = z.object({
  Star: z.number({ error: NOTICE_MESSAGES.starRequired }).int(NOTICE_MESSAGES.starRequired).min(1, NOTICE_MESSAGES.starRequired).max(5, NOTICE_MESSAGES.starRequired),
  PatientOpinion: z.string().trim().max(NOTICE_OPINION_MAX, NOTICE_MESSAGES.opinionTooLong).default(''),
  Recommend: z.boolean({ error: NOTICE_MESSAGES.recommendRequired }),
});
export type NoticeFields = z.infer<typeof noticeFieldsSchema>;

export const noticeCreateSchema = noticeFieldsSchema.extend({ idConsultation: z.uuid(NOTICE_MESSAGES.consultationNotFound) });
export type NoticeCreate = z.infer<typeof noticeCreateSchema>;

export const noticeSchema = z.object({
  idNotice: z.string(),
  idConsultation: z.string(),
  Star: z.number(),
  PatientOpinion: z.string(),
  Recommend: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Until when the patient may still change it (ISO). */
  editableUntil: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const noticeSummarySchema = z.object({
  /** Average star of the organisation's notices, 1 decimal; null without any notice. */
  average: z.number().nullable(),
  count: z.number(),
  recommendRate: z.number().nullable(),
});
export type NoticeSummary = z.infer<typeof noticeSummarySchema>;

// The answers of /api/notices (the web client's types come from them).
export const noticeAnswer = dataAnswer(noticeSchema);
export const noticeSummaryAnswer = dataAnswer(noticeSummarySchema);
