import path from 'node:path';
import { loadConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { ensureDatabase } from './db/database.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded.ts';
import { lockDataDir } from './db/lock.ts';
import { DRAIN_MS, FORCE_MS, STOP_BUDGET_MS, STOP_SIGNALS, left, within, type StopSignal } from './lib/stop.ts';

// Start: config, lock DATA_DIR, database (embedded or DATABASE_URL), migrate and seed under an
// advisory lock, background workers (WORKERS=1), listen; and a graceful stop on SIGTERM or SIGINT,
// at any moment, within lib/stop.ts's budget: requests in flight finish, then the workers, the
// pool and the embedded PostgreSQL stop.
async function main() {
  const config = loadConfig();
  const log = (msg: string) => console.log(`[wellbe] ${msg}`);
  // The DATA_DIR lock guards the embedded PostgreSQL's cluster. With DATABASE_URL several app
  // servers share one database by design (the migration lock and the job queue live there).
  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  let embedded: EmbeddedPostgres | undefined;
  const cleanup = async (withinMs?: number) => {
    await embedded?.stop({ withinMs }).catch((err) => console.error(err));
    release();
  };

  // The signals are caught from the first line: a SIGTERM during the start (migrations, first data)
  // used to kill node at once and leave the embedded PostgreSQL running. Everything the start
  // writes is in transactions, so stopping PostgreSQL then rolls it back, and the start gives up.
  let stopRequested: StopSignal | null = null;
  let whenReady: ((signal: StopSignal) => void) | null = null;
  for (const signal of STOP_SIGNALS) {
    process.on(signal, () => {
      if (whenReady) return whenReady(signal);
      if (stopRequested) return;
      stopRequested = signal;
      log(`${signal} reçu pendant le démarrage : arrêt`);
      if (config.databaseUrl) process.exit(0); // nothing of ours to stop: the database rolls back
      void embedded?.stop({ withinMs: FORCE_MS }); // else stopped as soon as it has started
    });
  }
  const checkStop = () => {
    if (stopRequested) throw new Error(`${stopRequested} reçu pendant le démarrage`);
  };

  // The app's modules load while PostgreSQL starts (main.modules.ts); a failure to load them is
  // reported where they are awaited, after the database step.
  const loading = import('./main.modules.ts');
  loading.catch(() => {});

  try {
    let url = config.databaseUrl;
    if (!url) {
      embedded = await startEmbeddedPostgres({ dir: path.join(config.dataDir, 'pg'), log, avoidPort: config.port });
      checkStop();
      await ensureDatabase(embedded.url('postgres'), 'wellbe');
      url = embedded.url('wellbe');
    }
    const {
      buildApp, publishDueArticles, NEWSPAPER_TASK, runNewspaperJobs, connect, migrateDatabase, migrationsApplied, ensureFirstAdmin, seedDemo,
      drainAudit, systemClock, Jobs, createMailer, loadJwtKey, createStorage, sweepOrphanDocuments, dispatchDueReminders, AGENDA_JOB, runAgendaJobs, mailUnread,
      lockDueConsultations, verifyRecords,
      sendInvoiceReminders, sweepOidcLogins, QUESTIONNAIRE_JOB, runQuestionnaireJobs, mailDiaryDigests, DIARY_DIGEST_TASK, DIARY_DIGEST_SCHEDULE,
    } = await loading;
    checkStop();
    const handle = connect(url);
    const applied = await migrateDatabase(handle, async () => {
      if (config.demo) {
        if (await seedDemo(handle.db)) log('Données de démonstration chargées (mot de passe : Demo-Wellbe-2026!)');
      } else {
        const admin = await ensureFirstAdmin(handle.db, config.adminUsername, config.adminPassword);
        if (admin === 'created') log(`Super administrateur ${config.adminUsername} créé`);
        if (admin === 'missing') log('Aucun super administrateur : définissez WELLBE_ADMIN_USERNAME et WELLBE_ADMIN_PASSWORD');
      }
    });
    log(applied ? `Migrations appliquées : ${applied}` : 'Base de données à jour');

    const transport = createMailer(config, { info: (obj, msg) => console.log(`[wellbe] ${msg ?? ''}`, JSON.stringify(obj)) });
    const jobs = new Jobs({ pool: handle.pool, transport });
    const storage = createStorage(config.dataDir, config.storageUrl);
    const jwtKey = loadJwtKey(config.dataDir, config.jwtSecret);
    jobs.register('documents_sweep', async () => void (await sweepOrphanDocuments({ db: handle.db, storage, clock: systemClock })), '17 * * * *');
    // OpenID Connect sign-in requests (10 minutes each) that can serve no more, deleted hourly.
    jobs.register('oidc_logins_sweep', async () => void (await sweepOidcLogins({ db: handle.db, clock: systemClock })), '41 * * * *');
    // Note reminders: every minute, each due reminder taken once (marked sent in the same statement).
    jobs.register('notes_reminders', async () => void (await dispatchDueReminders({ db: handle.db, clock: systemClock, mailer: jobs.mailer, config })), '* * * * *');
    // Agenda: expired holds and requests, reminders sent once (marked in the statement that takes them).
    jobs.register(AGENDA_JOB, async () => void (await runAgendaJobs({ db: handle.db, clock: systemClock, mailer: jobs.mailer, config })), '* * * * *');
    // Questionnaires sent with an appointment: the 48 h reminder, each taken once (marked in the statement that takes it).
    jobs.register(QUESTIONNAIRE_JOB, async () => void (await runQuestionnaireJobs({ db: handle.db, clock: systemClock, mailer: jobs.mailer, config })), '* * * * *');
    // Chat: a message still unread after 15 minutes sends its member one mail (without the text).
    jobs.register('chat_unread_mail', async () => void (await mailUnread({ db: handle.db, clock: systemClock, mailer: jobs.mailer, config })), '* * * * *');
    // Diaries: one digest mail a day to each practitioner following patients with new entries (never a mail per entry).
    jobs.register(DIARY_DIGEST_TASK, async () => void (await mailDiaryDigests({ db: handle.db, clock: systemClock, mailer: jobs.mailer, config })), DIARY_DIGEST_SCHEDULE);
    // Issue 20: scheduled publication of reviewed articles whose date has come, every minute.
    jobs.register('articles_publish', async () => void (await publishDueArticles({ db: handle.db, clock: systemClock })), '* * * * *');
    // Newsletters: scheduled ones start at their date; each sends a batch a minute (and at once on "Envoyer maintenant").
    jobs.register(NEWSPAPER_TASK, async () => void (await runNewspaperJobs({ db: handle.db, clock: systemClock, config, jwtKey })), '* * * * *');
    // Issue 32: unsigned consultations lock after their organisation's delay (each once, in the statement
    // that locks it); every version chain is verified each night (the result shows in /admin).
    jobs.register('consultations_lock', async () => void (await lockDueConsultations({ db: handle.db, clock: systemClock })), '* * * * *');
    jobs.register('records_verify', async () => void (await verifyRecords({ db: handle.db, clock: systemClock })), '30 3 * * *');
    // Unpaid invoices: each reminder (15 and 30 days after issue) mailed once, checked hourly.
    jobs.register('invoices_reminders', async () => void (await sendInvoiceReminders({ db: handle.db, clock: systemClock, mailer: jobs.mailer })), '23 * * * *');
    if (config.workers) await jobs.start();
    log(config.workers ? 'Tâches de fond : exécutées par ce serveur (WORKERS=1)' : 'Tâches de fond : non exécutées par ce serveur (WORKERS=0)');

    const ctx: AppContext = {
      config,
      db: handle.db,
      pool: handle.pool,
      clock: systemClock,
      mailer: jobs.mailer,
      jobs,
      storage,
      jwtKey,
      ping: async () => {
        await handle.pool.query('select 1');
      },
      migrated: () => migrationsApplied(handle.pool),
    };
    const app = await buildApp(ctx, { logger: config.logLevel === 'silent' ? false : { level: config.logLevel }, webDist: config.webDist });
    checkStop();
    await app.listen({ port: config.port, host: config.host });
    checkStop();

    let closing = false;
    whenReady = (signal) => {
      if (closing) return;
      closing = true;
      const start = Date.now();
      log(`${signal} reçu : arrêt en cours (les requêtes en cours se terminent)`);
      // The last resort, should a step outlive its bound: PostgreSQL stopped, the process ends.
      setTimeout(() => {
        log(`Arrêt inachevé après ${FORCE_MS / 1000} s : arrêt immédiat`);
        void cleanup(500).finally(() => process.exit(1));
        // Within the budget even then: a pg_ctl already sent goes on by itself after the exit.
        setTimeout(() => process.exit(1), STOP_BUDGET_MS - FORCE_MS - 100);
      }, FORCE_MS);
      // Each step runs even if the one before failed or overran: PostgreSQL is always stopped.
      let code = 0;
      const step = (promise: Promise<unknown>) =>
        promise.catch((err: unknown) => {
          code = 1;
          console.error(`[wellbe] Erreur pendant l’arrêt : ${err instanceof Error ? err.message : String(err)}`);
        });
      const until = (ms: number) => left(start + ms);
      void (async () => {
        // No new connection; a request on an open one gets 503; sockets are closed with "reconnect"
        // (1001). Requests in flight finish, for DRAIN_MS at most: then their connections are cut.
        const closed = step(app.close());
        if (!(await within(closed, DRAIN_MS))) {
          log(`Requêtes encore en cours après ${DRAIN_MS / 1000} s : connexions coupées`);
          app.server.closeAllConnections();
          await within(closed, until(DRAIN_MS + 1_000));
        }
        // Jobs in progress finish (graphile-worker waits for them) before the pool closes; one that
        // overruns is taken again by a worker later (its lock expires).
        await within(step(jobs.stop()), until(DRAIN_MS + 2_000));
        // Journal rows still being grouped (lib/audit.ts) are committed before the pool closes.
        await within(step(drainAudit(handle.db)), until(DRAIN_MS + 2_500));
        await within(step(handle.close()), until(DRAIN_MS + 3_000));
        await step(cleanup(until(FORCE_MS - 500)));
        log('Arrêt terminé');
        process.exit(code);
      })();
    };
    log(`WellBe est prêt : http://localhost:${config.port}`);
  } catch (err) {
    await cleanup();
    if (stopRequested) {
      log('Arrêt terminé');
      process.exit(0);
    }
    throw err;
  }
}

main().catch((err: unknown) => {
  console.error(`[wellbe] Démarrage impossible : ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
