// Everything the start needs once the database is there: the app and its modules, the migrations,
// the seeds, the jobs. main.ts imports this file dynamically, at once, so that loading these
// modules (some 2.5 s of CPU through tsx, most of a warm start) runs while PostgreSQL starts in
// its own process (initdb on a first start), instead of before it.
export { buildApp } from './app.ts';
export { publishDue as publishDueArticles } from './modules/articles/articles.service.ts';
export { NEWSPAPER_TASK, runNewspaperJobs } from './modules/newspapers/newspapers.service.ts';
export { connect, migrateDatabase, migrationsApplied } from './db/client.ts';
export { ensureFirstAdmin } from './db/seed/admin.ts';
export { seedDemo } from './db/seed/demo.ts';
export { drainAudit } from './lib/audit.ts';
export { systemClock } from './lib/clock.ts';
export { Jobs } from './lib/jobs/jobs.ts';
export { createMailer } from './lib/mailer.ts';
export { loadJwtKey } from './lib/secret.ts';
export { createStorage } from './lib/storage/index.ts';
export { sweepOrphanDocuments } from './modules/documents/documents.sweep.ts';
export { sweepOidcLogins } from './modules/auth/oidc.service.ts';
export { dispatchDueReminders } from './modules/notes/notes.service.ts';
export { AGENDA_JOB, runAgendaJobs } from './modules/agenda/agenda.jobs.ts';
export { mailUnread } from './modules/chat/chat.service.ts';
export { lockDueConsultations } from './modules/consultations/consultations.lock.service.ts';
export { verifyRecords } from './modules/history/history.service.ts';
export { sendInvoiceReminders } from './modules/invoices/invoices.book.service.ts';
export { QUESTIONNAIRE_JOB, runQuestionnaireJobs } from './modules/questionnaires/questionnaires.booking.ts';
export { DIARY_DIGEST_SCHEDULE, DIARY_DIGEST_TASK, mailDiaryDigests } from './modules/diary/diary.digest.ts';
