import { z } from 'zod';
import { PAYMENT_MODES } from '../domain/money.ts';
import { isoDayField, pgInt, pgIntQuery, textField, uuidId } from './fields.ts';
import { dataAnswer, idString, pageAnswer } from './responses.ts';

// Fees and payments (notes d'honoraires, avoirs, encaissements, livre des recettes). Amounts are
// integer cents (DESIGN §9 "Money"); a line's amounts are bounded so that a total still fits an
// `integer` column (100 lines of at most 999 × 100 000 € would not: the total is checked again).

export const INVOICE_LIMITS = { linesMax: 100, quantityMax: 999, unitPriceMax: 10_000_000, labelMax: 200 } as const;

export const INVOICE_MESSAGES = {
  notFound: 'Facture introuvable.',
  actNotFound: 'Acte introuvable.',
  practitionerNotFound: 'Praticien introuvable.',
  appointmentNotFound: 'Rendez-vous introuvable.',
  appointmentNotHonoured: 'Seul un rendez-vous honoré (ou une absence, pour des frais d’absence) peut être facturé.',
  consultationNotFound: 'Consultation introuvable.',
  quantity: `La quantité doit être un nombre entier entre 1 et ${INVOICE_LIMITS.quantityMax}.`,
  unitPrice: 'Le prix unitaire doit être un montant positif en centimes.',
  discount: 'La remise doit être un montant positif en centimes.',
  discountAboveLine: 'La remise ne peut pas dépasser le montant de la ligne.',
  noLines: 'Une facture contient au moins une ligne.',
  tooManyLines: `Une facture contient au plus ${INVOICE_LIMITS.linesMax} lignes.`,
  totalTooLarge: 'Le total de la facture est trop élevé.',
  issued: 'Une facture émise ne peut plus être modifiée : établissez un avoir.',
  versionConflict: 'Cette facture a été modifiée entre-temps : rechargez-la avant d’enregistrer.',
  neverDeleted: 'Une facture n’est jamais supprimée : une facture émise se corrige par un avoir.',
  notIssued: 'La facture n’est pas encore émise.',
  alreadyIssued: 'La facture est déjà émise.',
  amount: 'Le montant doit être un nombre entier de centimes, supérieur à zéro.',
  paymentAboveBalance: 'Le paiement dépasse le reste à payer de la facture.',
  creditAboveRemaining: 'L’avoir dépasse ce qui reste à créditer sur la facture.',
  nothingToCredit: 'Cette facture n’a plus rien à créditer.',
  mode: 'Mode de paiement inconnu : espèces, chèque, carte ou virement.',
  day: 'Date invalide (AAAA-MM-JJ).',
  period: 'Période invalide : la date de fin précède la date de début, ou la période dépasse 366 jours.',
  vatRate: 'Le taux de TVA doit être compris entre 0 et 100 %.',
} as const;

const isoDay = isoDayField(INVOICE_MESSAGES.day);

export const invoiceLineInputSchema = z.object({
  actId: uuidId().optional(),
  label: textField('Le libellé de la ligne', INVOICE_LIMITS.labelMax),
  quantity: pgInt({ min: 1, max: INVOICE_LIMITS.quantityMax, message: INVOICE_MESSAGES.quantity }),
  unitPriceCents: pgInt({ min: 0, max: INVOICE_LIMITS.unitPriceMax, message: INVOICE_MESSAGES.unitPrice }),
  discountCents: pgInt({ min: 0, message: INVOICE_MESSAGES.discount }).optional(),
});
export type InvoiceLineInput = z.infer<typeof invoiceLineInputSchema>;

const linesSchema = z.array(invoiceLineInputSchema, { error: INVOICE_MESSAGES.noLines }).min(1, INVOICE_MESSAGES.noLines).max(INVOICE_LIMITS.linesMax, INVOICE_MESSAGES.tooManyLines);

export const invoiceInputSchema = z.object({
  patientId: uuidId(),
  practitionerId: uuidId().optional(),
  appointmentId: uuidId().optional(),
  consultationId: uuidId().optional(),
  /** The day of the act (default: the appointment's day, else today in the organisation's zone). */
  actDate: isoDay.optional(),
  lines: linesSchema,
  issue: z.boolean().optional(),
});
export type InvoiceInput = z.infer<typeof invoiceInputSchema>;

/** PATCH /api/invoices/:id: the draft's new lines, and the version read (409 when it moved since). */
export const invoicePatchSchema = z.object({
  version: pgInt({ min: 1 }).meta({ description: 'La version du brouillon lue (GET) : 409 s’il a changé depuis.' }),
  lines: linesSchema,
  actDate: isoDay.optional(),
});
export type InvoicePatch = z.infer<typeof invoicePatchSchema>;

export const paymentInputSchema = z.object({
  amountCents: pgInt({ min: 1, message: INVOICE_MESSAGES.amount }),
  mode: z.enum(PAYMENT_MODES, { error: INVOICE_MESSAGES.mode }),
  /** The cheque's number, the card's or transfer's reference. */
  reference: textField('La référence', 100, { required: false }).optional(),
  /** The cheque's bank. */
  bank: textField('La banque', 100, { required: false }).optional(),
});
export type PaymentInput = z.infer<typeof paymentInputSchema>;

export const creditNoteInputSchema = z.object({
  /** Default: everything that remains to credit (the whole invoice, less earlier credit notes). */
  amountCents: pgInt({ min: 1, message: INVOICE_MESSAGES.amount }).optional(),
  reason: textField('Le motif', 500, { required: false }).optional(),
});
export type CreditNoteInput = z.infer<typeof creditNoteInputSchema>;

export const actInputSchema = z.object({
  label: textField('Le libellé de l’acte', INVOICE_LIMITS.labelMax),
  code: textField('Le code', 20, { required: false }).optional(),
  priceCents: pgInt({ min: 0, max: INVOICE_LIMITS.unitPriceMax, message: INVOICE_MESSAGES.unitPrice }),
  durationMinutes: pgInt({ min: 1, max: 1440 }).optional(),
  /** null or absent: exempt (health act); else basis points, 2000 = 20 %. */
  vatRateBp: pgInt({ min: 0, max: 10_000, message: INVOICE_MESSAGES.vatRate }).nullable().optional(),
  /** true: the practitioner's own act; false: the organisation's. */
  personal: z.boolean().optional(),
  appointmentTypeId: uuidId().nullable().optional(),
});
export type ActInput = z.infer<typeof actInputSchema>;

export const invoiceListQuerySchema = z.object({
  page: pgIntQuery({ min: 1 }).default(1),
  pageSize: pgIntQuery({ min: 1, max: 100 }).default(25),
  cursor: z.string().max(500).optional(),
  patientId: uuidId().optional(),
  /** Only issued invoices with something left to pay. */
  unpaid: z.enum(['true', 'false']).optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

export const periodQuerySchema = z.object({ from: isoDay, to: isoDay });
export const receiptsBookQuerySchema = periodQuerySchema.extend({
  practitionerId: uuidId().optional(),
  format: z.enum(['json', 'csv', 'pdf']).default('json'),
});
export type ReceiptsBookQuery = z.infer<typeof receiptsBookQuerySchema>;

// ---- Answers ----

const person = z.object({ id: idString, fullName: z.string() });
const status = z.enum(['draft', 'issued', 'paid', 'credited']);

export const invoiceLineSchema = z.object({
  id: idString,
  actId: idString.nullable(),
  label: z.string(),
  quantity: z.number(),
  unitPriceCents: z.number(),
  discountCents: z.number(),
  totalCents: z.number(),
});
export const paymentSchema = z.object({
  id: idString,
  invoiceId: idString,
  amountCents: z.number(),
  mode: z.enum(PAYMENT_MODES),
  reference: z.string().nullable(),
  bank: z.string().nullable(),
  paidAt: z.string(),
});
export const creditNoteSchema = z.object({ id: idString, invoiceId: idString, number: z.string(), amountCents: z.number(), reason: z.string(), issuedAt: z.string() });

export const invoiceSummarySchema = z.object({
  id: idString,
  number: z.string().nullable(),
  status,
  /** Bumped by each write of the draft (and its issue): a PATCH sends the one it read. */
  version: z.number().meta({ description: 'Version de la facture : chaque modification du brouillon, et son émission, l’incrémentent.' }),
  totalCents: z.number(),
  paidCents: z.number(),
  creditedCents: z.number(),
  balanceCents: z.number(),
  actDate: z.string(),
  issuedAt: z.string().nullable(),
  patient: person,
  practitioner: person,
});
export const invoiceSchema = invoiceSummarySchema.extend({
  appointmentId: idString.nullable(),
  consultationId: idString.nullable(),
  vatMention: z.string(),
  mentions: z.record(z.string(), z.string().nullable()),
  lines: z.array(invoiceLineSchema),
  payments: z.array(paymentSchema),
  creditNotes: z.array(creditNoteSchema),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;
export type Payment = z.infer<typeof paymentSchema>;

export const actSchema = z.object({
  id: idString,
  practitionerId: idString.nullable(),
  label: z.string(),
  code: z.string().nullable(),
  priceCents: z.number(),
  durationMinutes: z.number().nullable(),
  vatRateBp: z.number().nullable(),
  appointmentTypeId: idString.nullable(),
});
export type Act = z.infer<typeof actSchema>;

export const receiptRowSchema = z.object({
  paymentId: idString,
  day: z.string(),
  patient: z.string(),
  invoiceNumber: z.string(),
  mode: z.enum(PAYMENT_MODES),
  reference: z.string().nullable(),
  amountCents: z.number(),
});
export const receiptsBookSchema = z.object({
  practitioner: person,
  from: z.string(),
  to: z.string(),
  rows: z.array(receiptRowSchema),
  totalCents: z.number(),
  byMode: z.object({ cash: z.number(), cheque: z.number(), card: z.number(), transfer: z.number() }),
  byMonth: z.array(z.object({ month: z.string(), totalCents: z.number() })),
});
export type ReceiptsBook = z.infer<typeof receiptsBookSchema>;

export const noShowSchema = z.object({ appointmentId: idString, startsAt: z.string(), practitioner: z.string(), invoiceId: idString.nullable() });

export const invoiceAnswer = dataAnswer(invoiceSchema);
export const invoicePageAnswer = pageAnswer(invoiceSummarySchema);
export const invoiceListAnswer = dataAnswer(z.array(invoiceSummarySchema));
export const paymentAnswer = dataAnswer(z.object({ payment: paymentSchema, invoice: invoiceSummarySchema }));
export const creditNoteAnswer = dataAnswer(z.object({ creditNote: creditNoteSchema, invoice: invoiceSummarySchema }));
export const actAnswer = dataAnswer(actSchema);
export const actListAnswer = dataAnswer(z.array(actSchema));
export const receiptsBookAnswer = dataAnswer(receiptsBookSchema);
export const invoiceDayAnswer = dataAnswer(z.object({ day: z.string(), receiptsCents: z.number(), unpaidCount: z.number() }));
export const noShowListAnswer = dataAnswer(z.array(noShowSchema));

export const billingSettingsSchema = z.object({ billAsCompany: z.boolean() });
export const billingSettingsAnswer = dataAnswer(billingSettingsSchema);
