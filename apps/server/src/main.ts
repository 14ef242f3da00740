import path from 'node:path';
import { loadConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { ensureDatabase } from './db/database.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded.ts';
import { lockDataDir } from './db/lock.ts';

// Start: config, lock DATA_DIR, database (embedded or DATABASE_URL), migrate and seed under an
// advisory lock, background workers (WORKERS=1), listen; and a
// graceful shutdown that finishes requests in flight before closing the pool and the database.
async function main() {
  const config = loadConfig();
  const log = (msg: string) => console.log(`[wellbe] ${msg}`);
  // The DATA_DIR lock guards the embedded PostgreSQL's cluster. With DATABASE_URL several app
  // servers share one database by design (the migration lock and the job queue live there).
  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  let embedded: EmbeddedPostgres | undefined;
  const cleanup = async () => {
    await embedded?.stop().catch((err) => console.error(err));
    release();
  };

  // The app's modules load while PostgreSQL starts (main.modules.ts); a failure to load them is
  // reported where they are awaited, after the database step.
  const loading = import('./main.modules.ts');
  loading.catch(() => {});
  try {
    let url = config.databaseUrl;
    if (!url) {
      embedded = await startEmbeddedPostgres({ dir: path.join(config.dataDir, 'pg'), log });
      await ensureDatabase(embedded.url('postgres'), 'wellbe');
      url = embedded.url('wellbe');
    }
    const {
      buildApp, publishDueArticles, NEWSPAPER_TASK, runNewspaperJobs, connect, migrateDatabase, migrationsApplied, ensureFirstAdmin, seedDemo,
      drainAudit, systemClock, Jobs, createMailer, loadJwtKey, createStorage, sweepOrphanDocuments, dispatchDueReminders, AGENDA_JOB, runAgendaJobs, mailUnread,
    } = await loading;
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
    // Note reminders: every minute, each due reminder taken once (marked sent in the same statement).
    jobs.register('notes_reminders', async () => void (await dispatchDueReminders({ db: handle.db, clock: systemClock, mailer: jobs.mailer, config })), '* * * * *');
    // Agenda: expired holds and requests, reminders sent once (marked in the statement that takes them).
    jobs.register(AGENDA_JOB, async () => void (await runAgendaJobs({ db: handle.db, clock: systemClock, mailer: jobs.mailer, config })), '* * * * *');
    // Chat: a message still unread after 15 minutes sends its member one mail (without the text).
    jobs.register('chat_unread_mail', async () => void (await mailUnread({ db: handle.db, clock: systemClock, mailer: jobs.mailer, config })), '* * * * *');
    // Issue 20: scheduled publication of reviewed articles whose date has come, every minute.
    jobs.register('articles_publish', async () => void (await publishDueArticles({ db: handle.db, clock: systemClock })), '* * * * *');
    // Newsletters: scheduled ones start at their date; each sends a batch a minute (and at once on "Envoyer maintenant").
    jobs.register(NEWSPAPER_TASK, async () => void (await runNewspaperJobs({ db: handle.db, clock: systemClock, config, jwtKey })), '* * * * *');
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
    await app.listen({ port: config.port, host: config.host });
    log(`WellBe est prêt : http://localhost:${config.port}`);

    let closing = false;
    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      log(`${signal} reçu : arrêt en cours (les requêtes en cours se terminent)`);
      // Each step runs even if the one before failed: the embedded PostgreSQL is always stopped.
      let code = 0;
      const step = (promise: Promise<unknown>) =>
        promise.catch((err: unknown) => {
          code = 1;
          console.error(`[wellbe] Erreur pendant l’arrêt : ${err instanceof Error ? err.message : String(err)}`);
        });
      await step(app.close());
      // Jobs in progress finish (graphile-worker waits for them) before the pool closes.
      await step(jobs.stop());
      // Journal rows still being grouped (lib/audit.ts) are committed before the pool closes.
      await step(drainAudit(handle.db));
      await step(handle.close());
      await step(cleanup());
      log('Arrêt terminé');
      process.exit(code);
    };
    process.on('SIGINT', () => void shutdown('SIGINT'));
    process.on('SIGTERM', () => void shutdown('SIGTERM'));
  } catch (err) {
    await cleanup();
    throw err;
  }
}

main().catch((err: unknown) => {
  console.error(`[wellbe] Démarrage impossible : ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
