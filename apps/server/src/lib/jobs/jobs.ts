import { createHash } from 'node:crypto';
import { Logger, makeWorkerUtils, parseCrontab, run, runMigrations, runOnce, type Runner, type Task, type TaskList, type WorkerUtils } from 'graphile-worker';
import type pg from 'pg';
import type { Mail, Mailer } from '../mailer.ts';

// Background jobs on PostgreSQL (DESIGN §8) with graphile-worker 0.16: jobs are rows in the
// graphile_worker schema of the app's own database, taken with SKIP LOCKED (so with several
// servers each job runs on one of them), picked up at once through LISTEN/NOTIFY, retried with
// exponential backoff (about e^attempt seconds) and kept with their last error once the attempts
// are spent. Chosen over pg-boss because pg-boss 10 (the last line for Node 20) needs a queue
// created before any send and has no per-job key replacing a pending duplicate; graphile-worker
// 0.16 declares Node >= 14 and runs on PostgreSQL 18 as it does on Debian's 15.

export const MAIL_TASK = 'send_mail';
/** e^1 + … + e^7 seconds ≈ 30 min of retries before a mail shows as failed in /admin. */
export const MAIL_MAX_ATTEMPTS = 8;

export interface JobsOptions {
  pool: pg.Pool;
  /** How the mail task really sends (SMTP or the .eml outbox). */
  transport: Mailer;
  log?: (level: string, message: string) => void;
}

export interface FailedJob {
  id: string;
  task: string;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The graphile-worker tables, created with the app's migrations (under the same advisory lock). */
export async function migrateJobs(pool: pg.Pool): Promise<void> {
  await runMigrations({ pgPool: pool, logger: quietLogger() });
}

function quietLogger(log?: JobsOptions['log']) {
  return new Logger(() => (level, message) => {
    if (level === 'error' || level === 'warning') (log ?? ((l, m) => console.error(`[wellbe] jobs ${l}: ${m}`)))(level, message);
  });
}

export class Jobs {
  private utils: Promise<WorkerUtils> | undefined;
  private runner: Runner | undefined;
  private readonly tasks: TaskList;
  private readonly crontab: string[] = [];
  /** Jobs added by this process since the last drain (tests drain only when there is something). */
  pendingLocal = 0;

  constructor(private readonly options: JobsOptions) {
    this.tasks = {
      [MAIL_TASK]: async (payload) => {
        await options.transport.send(payload as Mail);
      },
    };
  }

  private workerUtils(): Promise<WorkerUtils> {
    this.utils ??= makeWorkerUtils({ pgPool: this.options.pool, logger: quietLogger(this.options.log) });
    return this.utils;
  }

  /**
   * What the rest of the app calls: the same Mailer as before, but `send` only records the job.
   * The job key is the mail's hash, so the same mail asked twice before it went out is one job.
   */
  readonly mailer: Mailer = {
    send: async (mail) => {
      const jobKey = 'mail:' + createHash('sha256').update(JSON.stringify([mail.to, mail.subject, mail.text, mail.html ?? null])).digest('hex');
      const utils = await this.workerUtils();
      await utils.addJob(MAIL_TASK, { ...mail }, { jobKey, jobKeyMode: 'preserve_run_at', maxAttempts: MAIL_MAX_ATTEMPTS });
      this.pendingLocal++;
    },
  };

  /**
   * Adds a task, optionally on a schedule (`0 * * * *`). graphile-worker's cron records each run in
   * PostgreSQL, so with several servers a scheduled task still runs once per slot.
   */
  register(name: string, task: () => Promise<void>, schedule?: string): void {
    this.tasks[name] = task as Task;
    if (schedule) this.crontab.push(`${schedule} ${name}`);
  }

  /** Queues a registered task to run now; a pending job with the same key is kept, not doubled. */
  async add(name: string, payload: Record<string, unknown> = {}, jobKey?: string): Promise<void> {
    const utils = await this.workerUtils();
    await utils.addJob(name, payload, jobKey ? { jobKey, jobKeyMode: 'preserve_run_at' } : {});
    this.pendingLocal++;
  }

  /** Starts the in-process workers (WORKERS=1). */
  async start(concurrency = 2): Promise<void> {
    this.runner = await run({
      pgPool: this.options.pool,
      taskList: this.tasks,
      concurrency,
      noHandleSignals: true,
      pollInterval: 2000,
      logger: quietLogger(this.options.log),
      parsedCronItems: parseCrontab(this.crontab.join('\n')),
    });
  }

  /** Runs every job that is due now, then returns (tests, and `drain` for an operator). */
  async drain(): Promise<void> {
    this.pendingLocal = 0;
    await runOnce({ pgPool: this.options.pool, taskList: this.tasks, noHandleSignals: true, logger: quietLogger(this.options.log) });
  }

  /** How many jobs have spent their attempts (the WellBe dashboard card). */
  async failedCount(): Promise<number> {
    const { rows } = await this.options.pool.query(`select count(*)::int as n from graphile_worker.jobs where attempts >= max_attempts`);
    return rows[0].n as number;
  }

  /** Jobs whose attempts are spent, newest first (DE's 'Tâches en échec' tab). */
  async failed(limit = 100): Promise<FailedJob[]> {
    const { rows } = await this.options.pool.query(
      `select id::text, task_identifier, attempts, max_attempts, last_error, created_at, updated_at
         from graphile_worker.jobs where attempts >= max_attempts order by updated_at desc limit $1`,
      [limit],
    );
    return rows.map((r) => ({
      id: r.id,
      task: r.task_identifier,
      attempts: r.attempts,
      maxAttempts: r.max_attempts,
      lastError: r.last_error,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }));
  }

  /** Gives a failed job a fresh set of attempts, due now; false when there is no such failed job. */
  async retry(id: string): Promise<boolean> {
    // graphile-worker's SQL function, called directly: WorkerUtils.rescheduleJobs turns attempts 0
    // into null (`options.attempts || null`), which keeps the spent count.
    const { rows } = await this.options.pool.query(
      `select id from graphile_worker.reschedule_jobs(
         (select array_agg(id) from graphile_worker.jobs where id = $1 and attempts >= max_attempts),
         run_at := now(), attempts := 0)`,
      [id],
    );
    if (!rows.length) return false;
    this.pendingLocal++;
    return true;
  }

  async stop(): Promise<void> {
    await this.runner?.stop();
    this.runner = undefined;
    if (this.utils) await (await this.utils).release();
    this.utils = undefined;
  }
}
