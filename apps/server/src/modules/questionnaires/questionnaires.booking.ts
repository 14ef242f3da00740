import { QUESTIONNAIRE_LIMITS } from '@wellbe/shared/schemas/questionnaires';
import { systemScope, type OneOrgScope } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { found, type BookingListener } from '../agenda/agenda.service.ts';
import * as repo from './questionnaires.repository.ts';

// Questionnaires sent with an appointment type: at booking (every booking path goes through the
// agenda's insertAppointment, which calls this listener), and a mail reminder 48 h before the
// appointment when the patient has not submitted it: once, taken by the background job in the
// statement that marks it (so a restart or a second server never sends it twice).

export const REMINDER_BEFORE_MS = QUESTIONNAIRE_LIMITS.reminderHours * 3_600_000;
export const QUESTIONNAIRE_JOB = 'questionnaire_reminders';

/** Sends the type's questionnaires to the appointment's patient (not for a hold or a cancelled one). */
export const sendWithAppointment: BookingListener = async (ctx, scope: OneOrgScope, row, now) => {
  if (!row.patientId || !row.typeId || row.status === 'provisoire' || row.status === 'annulé') return;
  const templates = await repo.questionnairesForType(ctx.db, scope, row.typeId);
  if (!templates.length) return;
  const remindAt = new Date(row.startsAt.getTime() - REMINDER_BEFORE_MS);
  const saved = await repo.insertAssignments(
    ctx.db,
    scope,
    templates.map((t) => ({
      patientId: row.patientId!,
      questionnaireId: t.id,
      versionId: t.versionId,
      source: 'appointment',
      appointmentId: row.id,
      availableAt: now,
      dueAt: row.startsAt,
      // Booked less than 48 h ahead: the booking's own notice is the reminder.
      remindAt: remindAt > now ? remindAt : null,
      createdAt: now,
      updatedAt: now,
    })),
  );
  // Sent by the booking, not by a person: the journal names the practice (the booking's own row names who booked).
  const system = { id: null, role: null, organizationId: scope.organizationId, ip: null };
  for (const s of saved) {
    await recordAudit({ db: ctx.db, clock: { now: () => now.getTime() } }, system, { action: 'questionnaire.assign', outcome: 'success', recordType: 'patient', recordId: row.patientId, patientId: row.patientId, details: { assignmentId: s.id, appointmentId: row.id } });
  }
};

type JobCtx = Pick<AppContext, 'db' | 'clock' | 'mailer' | 'config'>;

/** The reminders due now, each mailed once to its patient. */
export async function runQuestionnaireJobs(ctx: JobCtx): Promise<{ reminders: number }> {
  const now = new Date(ctx.clock.now());
  const due = await repo.takeDueRemindersEverywhere(ctx.db, now);
  let sent = 0;
  for (const d of due) {
    const scope = systemScope(d.organizationId);
    // A cancelled (or moved to another patient) appointment needs no form any more: no reminder.
    const appointment = d.appointmentId ? await found(ctx, scope, d.appointmentId).catch(() => null) : null;
    if (d.appointmentId && (!appointment || appointment.status === 'annulé' || appointment.patientId !== d.patientId)) continue;
    const target = await repo.reminderTarget(ctx.db, scope, d.patientId, d.questionnaireId);
    if (!target?.email) continue;
    await ctx.mailer.send({
      to: target.email,
      subject: `Questionnaire à remplir avant votre rendez-vous : ${target.title}`,
      text: [
        `Bonjour ${target.fullName},`,
        '',
        `Votre praticien vous a envoyé le questionnaire « ${target.title} » à remplir avant votre rendez-vous. Il n’est pas encore envoyé.`,
        '',
        `Pour y répondre : ${ctx.config.publicUrl}/questionnaires/mine`,
        '',
        'WellBe',
      ].join('\n'),
    });
    sent++;
  }
  return { reminders: sent };
}
