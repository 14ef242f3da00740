import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../lib/mailer.ts';
import { MAIL_MAX_ATTEMPTS } from '../../lib/jobs/jobs.ts';
import { createTestApp, type Session, type TestApp } from '../../../test/helpers.ts';

// Mails as background jobs: queued in PostgreSQL by the request, delivered by a worker, retried
// with backoff when the mail server fails, shown to DE in /admin once the attempts are spent.

let t: TestApp;
let de: Session;
let sa: Session;
/** The mail server of this file: down while `smtpDown` is set. */
let smtpDown = false;
const delivered: Mail[] = [];

const jobRows = async () =>
  (await t.handle.pool.query('select id::text, task_identifier, attempts, max_attempts, last_error, run_at, key from graphile_worker.jobs order by id')).rows;
const forgot = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: '10.7.7.7' });

beforeAll(async () => {
  t = await createTestApp({
    transport: {
      send: async (mail) => {
        if (smtpDown) throw new Error('connect ECONNREFUSED 127.0.0.1:587');
        delivered.push(mail);
      },
    },
  });
  de = await t.login('de');
  sa = await t.login('sa');
});
afterAll(async () => {
  await t.close();
});

describe('mail jobs', () => {
  it('a request queues the mail in PostgreSQL; the worker delivers it once and removes the job', async () => {
    const before = delivered.length;
    await t.ctx.mailer.send({ to: 'a@example.fr', subject: 'Sujet', text: 'Bonjour' });
    const rows = await jobRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ task_identifier: 'send_mail', attempts: 0, max_attempts: MAIL_MAX_ATTEMPTS });
    expect(delivered.length).toBe(before);
    await t.drain();
    expect(delivered.slice(before)).toEqual([{ to: 'a@example.fr', subject: 'Sujet', text: 'Bonjour' }]);
    expect(await jobRows()).toEqual([]);
    await t.drain();
    expect(delivered.length).toBe(before + 1);
  });

  it('the same mail asked twice before it went out is one job (job key)', async () => {
    const before = delivered.length;
    const mail = { to: 'b@example.fr', subject: 'Invitation', text: 'Lien unique https://x/y?token=abc' };
    await t.ctx.mailer.send(mail);
    await t.ctx.mailer.send(mail);
    expect(await jobRows()).toHaveLength(1);
    await t.drain();
    expect(delivered.slice(before)).toEqual([mail]);
  });

  it('a failing mail server: the job is retried later with its error, not lost', async () => {
    smtpDown = true;
    try {
      const res = await forgot('pr@demo.wellbe.fr');
      // The request does not wait for the mail server: same answer as when it works.
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      // The mail's first attempt may end after the answer (the reset's constant floor, auth.recovery.service.ts).
      await expect.poll(async () => (await jobRows())[0], { timeout: 10_000 }).toMatchObject({ attempts: 1, last_error: expect.stringContaining('ECONNREFUSED') });
      const [job] = await jobRows();
      // Backoff: the next attempt is in the future, so a drain now does not hammer the server.
      expect(new Date(job.run_at).getTime()).toBeGreaterThan(Date.now());
      await t.drain();
      expect((await jobRows())[0].attempts).toBe(1);
    } finally {
      smtpDown = false;
    }
    // Time passes: the retry is due, the server is back, the mail goes out.
    await t.handle.pool.query('update graphile_worker._private_jobs set run_at = now()');
    await t.drain();
    expect(await jobRows()).toEqual([]);
    expect(delivered.at(-1)).toMatchObject({ to: 'pr@demo.wellbe.fr', subject: expect.stringContaining('réinitialisation') });
  });
});

describe('/api/admin/jobs (DE)', () => {
  let failedId: string;

  beforeAll(async () => {
    smtpDown = true;
    await t.ctx.mailer.send({ to: 'c@example.fr', subject: 'Rappel', text: 'Votre rendez-vous' });
    // Every attempt but the last already spent (as after half an hour of backoff), then the last one.
    await t.handle.pool.query('update graphile_worker._private_jobs set attempts = max_attempts - 1');
    await t.drain();
    smtpDown = false;
    failedId = (await jobRows())[0].id;
  });

  it('lists the jobs whose attempts are spent, with their last error, to DE only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: de.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({ id: failedId, task: 'send_mail', attempts: MAIL_MAX_ATTEMPTS, maxAttempts: MAIL_MAX_ATTEMPTS, lastError: expect.stringContaining('ECONNREFUSED') }),
    ]);
    // The payload (address, links with tokens) is not shown.
    expect(res.body).not.toContain('c@example.fr');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: sa.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/jobs' })).statusCode).toBe(401);
  });

  it('"Relancer" gives the job fresh attempts: the mail goes out and the list is empty', async () => {
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/jobs/${failedId}/retry`, headers: sa.auth })).statusCode).toBe(403);
    const before = delivered.length;
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/jobs/${failedId}/retry`, headers: de.auth });
    expect(res.statusCode).toBe(200);
    expect(delivered.slice(before)).toEqual([{ to: 'c@example.fr', subject: 'Rappel', text: 'Votre rendez-vous' }]);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: de.auth })).json().data).toEqual([]);
    // Twice: the job is gone, a clear 404.
    const again = await t.app.inject({ method: 'POST', url: `/api/admin/jobs/${failedId}/retry`, headers: de.auth });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('Tâche introuvable ou déjà relancée.');
  });
});
