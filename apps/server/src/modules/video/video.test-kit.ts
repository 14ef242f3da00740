import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Caller } from '../../access/caller.ts';
import { users } from '../../db/tables.ts';
import { realtimeMessageHandler } from '../../lib/realtime/registry.ts';
import { json } from '../../../test/helpers.ts';
import { closeWsClients } from '../../../test/ws-client.ts';
import { agendaKit, type AgendaKit } from '../agenda/agenda.test-kit.ts';

// What the téléconsultation's API tests share: the agenda kit's signed-in users (pr hosts, pt is
// the patient Lucas Bernard, di a colleague, pa a practitioner not in the call, pr2 another
// organisation), a téléconsultation appointment of pr with pt on a day clear of the demo week,
// the clock moved to 10 minutes before it (whatever today's weekday or hour), and a signalling
// message handled as the socket would, awaited (a refused message leaves no trace to wait for).

export const USERS = ['pr', 'pt', 'di', 'pa', 'pg', 'pr2'];

export interface VideoKit extends AgendaKit {
  base: string;
  /** The téléconsultation appointment of pr with pt. */
  appointmentId: string;
  /** pt's patient (Lucas Bernard). */
  ptPatientId: string;
  /** Books another téléconsultation of `who` with pt, `offset` minutes after the first one's start (or after the clock). */
  book: (who: string, offset: number, fromClock?: boolean) => Promise<string>;
  caller: (who: string) => Promise<Caller>;
  signal: (who: string, data: Record<string, unknown>) => Promise<void>;
  /** A call token of `who` for the appointment, then its join. */
  join: (who: string, appointmentId?: string) => Promise<{ joinId: string; callId: string; call: Record<string, unknown>; iceServers: unknown[] }>;
}

export const video = {} as VideoKit;

export function setUpVideoApp(): void {
  beforeAll(async () => {
    const k = await agendaKit(USERS);
    const [pt] = await k.t.ctx.db.select().from(users).where(eq(users.username, 'pt'));
    const ptPatientId = pt!.patientId!;
    const day = k.monday(2, 1);
    const first = json(await k.post('pr', '/api/agenda/appointments', k.body('pr', day, '10:00', '10:30', { patientId: ptPatientId, teleconsultation: true })));
    // 09:50 in Paris that day: the call is open (from 09:45).
    await k.advance(new Date(first.data.startsAt).getTime() - 10 * 60_000 - k.t.clock.now());
    const base = await k.t.app.listen({ port: 0, host: '127.0.0.1' });
    const caller = async (who: string): Promise<Caller> => {
      const [u] = await k.t.ctx.db.select().from(users).where(eq(users.username, who));
      return { id: u!.id, role: u!.role as Caller['role'], organizationId: u!.organizationId, jobSpecialistId: u!.jobSpecialistId, tokenVersion: u!.tokenVersion, patientId: u!.patientId, ip: null };
    };
    Object.assign(video, k, {
      base,
      appointmentId: first.data.id,
      ptPatientId,
      caller,
      book: async (who: string, offset: number, fromClock = false) => {
        const start = new Date((fromClock ? k.t.clock.now() : new Date(first.data.startsAt).getTime()) + offset * 60_000);
        const end = new Date(start.getTime() + 30 * 60_000);
        const res = await k.post(who, '/api/agenda/appointments', { ...k.body(who, day, '10:00', '10:30', { patientId: ptPatientId, teleconsultation: true }), startsAt: start.toISOString(), endsAt: end.toISOString() });
        if (res.statusCode !== 201) throw new Error(res.body);
        return json(res).data.id as string;
      },
      signal: async (who: string, data: Record<string, unknown>) => realtimeMessageHandler('video.signal')!(k.t.ctx, await caller(who), data),
      join: async (who: string, appointmentId = first.data.id) => {
        const token = json(await k.post(who, `/api/video/appointments/${appointmentId}/token`, { consent: true })).data.token;
        return json(await k.post(who, '/api/video/join', { token })).data;
      },
    } satisfies Partial<VideoKit>);
  });
  afterEach(() => closeWsClients());
  afterAll(() => video.t?.close());
}
