import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { VIDEO_MESSAGES } from '@wellbe/shared/schemas/video';
import { json } from '../../../test/helpers.ts';
import { auditEvents, consultations } from '../../db/tables.ts';
import { wsClient } from '../../../test/ws-client.ts';
import { setUpVideoApp, video as k } from './video.test-kit.ts';

// Téléconsultation: the waiting room, call tokens, who may join, the signalling between the two
// parties only (through /api/ws), and the end of the call on the appointment.

setUpVideoApp();

const errorOf = (res: { json: () => unknown }) => (res.json() as { error: { message: string } }).error.message;
const signalsTo = (frames: { type: string; data?: Record<string, unknown> }[]) => frames.filter((f) => f.type === 'video.signal');

describe('the waiting room and the signalling', () => {
  it('relays offers, answers and candidates between the two parties only, once the patient is admitted', async () => {
    const sockets = Object.fromEntries(['pr', 'pt', 'di', 'pa', 'pr2'].map((who) => [who, wsClient(k.base)]));
    for (const [who, c] of Object.entries(sockets)) await c.auth(k.s[who]!.token);
    // The patient accepts the video visit at their first join: refused without the checkbox.
    const refused = await k.post('pt', `/api/video/appointments/${k.appointmentId}/token`, {});
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toBe(VIDEO_MESSAGES.consentRequired);
    const pt = await k.join('pt');
    expect(pt.call).toMatchObject({ myRole: 'patient', admitted: false, consentGiven: true, window: 'open' });
    const pr = await k.join('pr');
    expect(pr.callId).toBe(pt.callId);
    // The practitioner sees who is waiting.
    const waiting = json(await k.get('pr', `/api/video/appointments/${k.appointmentId}`)).data;
    expect(waiting.participants).toEqual(expect.arrayContaining([expect.objectContaining({ userId: k.s.pt!.id, role: 'patient', present: true })]));
    // Before the admission the patient reaches nobody, and nobody reaches the patient.
    await k.signal('pt', { callId: pt.callId, joinId: pt.joinId, to: k.s.pr!.id, kind: 'offer', sdp: 'v=0 avant admission' });
    await k.signal('pr', { callId: pr.callId, joinId: pr.joinId, to: k.s.pt!.id, kind: 'offer', sdp: 'v=0 du praticien avant admission' });
    const admitted = json(await k.post('pr', `/api/video/calls/${pr.callId}/admit`, {})).data;
    expect(admitted.admitted).toBe(true);
    await sockets.pt!.next((f) => f.type === 'video.call' && f.data?.callId === pt.callId);
    // Admitted: the offer, the answer and a candidate go through, to the one recipient.
    sockets.pr!.send({ type: 'video.signal', data: { callId: pr.callId, joinId: pr.joinId, to: k.s.pt!.id, kind: 'offer', sdp: 'v=0 offre' } });
    const offer = await sockets.pt!.next((f) => f.type === 'video.signal');
    expect(offer.data).toMatchObject({ callId: pr.callId, from: k.s.pr!.id, fromJoinId: pr.joinId, kind: 'offer', sdp: 'v=0 offre' });
    sockets.pt!.send({ type: 'video.signal', data: { callId: pt.callId, joinId: pt.joinId, to: k.s.pr!.id, kind: 'answer', sdp: 'v=0 réponse' } });
    const answer = await sockets.pr!.next((f) => f.type === 'video.signal');
    expect(answer.data).toMatchObject({ from: k.s.pt!.id, kind: 'answer', sdp: 'v=0 réponse' });
    const candidate = { candidate: 'candidate:1 1 udp 2122260223 192.0.2.10 54400 typ host', sdpMid: '0', sdpMLineIndex: 0 };
    sockets.pt!.send({ type: 'video.signal', data: { callId: pt.callId, joinId: pt.joinId, to: k.s.pr!.id, kind: 'candidate', candidate } });
    expect((await sockets.pr!.next((f) => f.type === 'video.signal')).data).toMatchObject({ kind: 'candidate', candidate });
    // Exactly what was sent after the admission: the messages of the waiting room never left.
    expect(signalsTo(sockets.pt!.frames).map((f) => f.data?.sdp)).toEqual(['v=0 offre']);
    expect(signalsTo(sockets.pr!.frames).map((f) => f.data?.kind)).toEqual(['answer', 'candidate']);
    // A colleague not invited, a practitioner of the practice and another organisation: nothing.
    for (const who of ['di', 'pa', 'pr2']) expect(sockets[who]!.frames.filter((f) => f.type.startsWith('video.'))).toEqual([]);
    // pa is not in the call: refused, and their signalling goes nowhere.
    const pa = await k.post('pa', `/api/video/appointments/${k.appointmentId}/token`, {});
    expect(pa.statusCode).toBe(403);
    expect(errorOf(pa)).toBe(VIDEO_MESSAGES.notParticipant);
    await k.signal('pa', { callId: pr.callId, joinId: pr.joinId, to: k.s.pt!.id, kind: 'offer', sdp: 'v=0 intrus' });
    await k.signal('pr2', { callId: pr.callId, joinId: pr.joinId, to: k.s.pt!.id, kind: 'offer', sdp: 'v=0 ailleurs' });
    // The next message pt receives is the next one pr sends: nothing came in between.
    sockets.pr!.send({ type: 'video.signal', data: { callId: pr.callId, joinId: pr.joinId, to: k.s.pt!.id, kind: 'candidate', candidate } });
    await sockets.pt!.next((f) => f.type === 'video.signal' && f.data?.kind === 'candidate');
    expect(signalsTo(sockets.pt!.frames).map((f) => f.data?.from)).toEqual([k.s.pr!.id, k.s.pr!.id]);
  });

  it('refuses oversized signalling messages', async () => {
    const pr = await k.join('pr');
    const before = json(await k.get('pr', `/api/video/appointments/${k.appointmentId}`)).data;
    const onPt = wsClient(k.base);
    await onPt.auth(k.s.pt!.token);
    await k.signal('pr', { callId: pr.callId, joinId: pr.joinId, to: k.s.pt!.id, kind: 'offer', sdp: 'x'.repeat(16_001) });
    await k.signal('pr', { callId: pr.callId, joinId: pr.joinId, to: k.s.pt!.id, kind: 'offer', sdp: 'v=0 normal' });
    expect(before.callId).toBe(pr.callId);
    expect((await onPt.next((f) => f.type === 'video.signal')).data).toMatchObject({ sdp: 'v=0 normal' });
  });
});

describe('the patient’s mails', () => {
  it('link to the téléconsultation (the page asks them to sign in)', async () => {
    const mail = k.t.mails.find((m) => m.text?.includes(`/teleconsultation/${k.appointmentId}`));
    expect(mail?.text).toContain(`Rejoindre la téléconsultation (à partir de 15 minutes avant, après connexion) : http://localhost:3000/teleconsultation/${k.appointmentId}`);
  });
});

describe('who may join, and call tokens', () => {
  it('hides the call from another organisation and refuses another account’s token', async () => {
    for (const res of [await k.get('pr2', `/api/video/appointments/${k.appointmentId}`), await k.post('pr2', `/api/video/appointments/${k.appointmentId}/token`, {})]) {
      expect(res.statusCode).toBe(404);
      expect(JSON.stringify(res.json())).not.toContain('Bernard');
    }
    const token = json(await k.post('pr', `/api/video/appointments/${k.appointmentId}/token`, {})).data.token;
    for (const who of ['pr2', 'pt']) {
      const res = await k.post(who, '/api/video/join', { token });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe(VIDEO_MESSAGES.tokenInvalid);
    }
    const forged = await k.post('pr', '/api/video/join', { token: token.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A')) });
    expect(errorOf(forged)).toBe(VIDEO_MESSAGES.tokenInvalid);
  });

  it('refuses an expired or replayed call token', async () => {
    const token = json(await k.post('pt', `/api/video/appointments/${k.appointmentId}/token`, {})).data.token;
    expect((await k.post('pt', '/api/video/join', { token })).statusCode).toBe(200);
    const replay = await k.post('pt', '/api/video/join', { token });
    expect(replay.statusCode).toBe(409);
    expect(errorOf(replay)).toBe(VIDEO_MESSAGES.tokenReplayed);
    const late = json(await k.post('pt', `/api/video/appointments/${k.appointmentId}/token`, {})).data.token;
    k.t.clock.advance(61_000);
    const expired = await k.post('pt', '/api/video/join', { token: late });
    expect(expired.statusCode).toBe(400);
    expect(errorOf(expired)).toBe(VIDEO_MESSAGES.tokenExpired);
  });

  it('the newest tab of the patient wins; the older is told and can no longer signal', async () => {
    const pr = await k.join('pr');
    const older = await k.join('pt');
    const newer = await k.join('pt');
    const told = json(await k.post('pt', `/api/video/joins/${older.joinId}/heartbeat`, {})).data;
    expect(told.myJoinId).toBe(newer.joinId);
    const onPr = wsClient(k.base);
    await onPr.auth(k.s.pr!.token);
    await k.signal('pt', { callId: older.callId, joinId: older.joinId, to: k.s.pr!.id, kind: 'offer', sdp: 'v=0 ancien onglet' });
    await k.signal('pt', { callId: newer.callId, joinId: newer.joinId, to: k.s.pr!.id, kind: 'offer', sdp: 'v=0 nouvel onglet' });
    expect((await onPr.next((f) => f.type === 'video.signal')).data).toMatchObject({ sdp: 'v=0 nouvel onglet', fromJoinId: newer.joinId });
    expect(pr.callId).toBe(newer.callId);
  });

  it('journals a heartbeat when the call it answers has changed, not every beat', async () => {
    const reads = () => k.t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'video.state.read'), eq(auditEvents.userId, k.s.pr!.id)));
    const pt = await k.join('pt');
    const pr = await k.join('pr');
    const beat = async () => json(await k.post('pr', `/api/video/joins/${pr.joinId}/heartbeat`, {})).data;
    const before = (await reads()).length;
    // The same call as the join answered (journalled as 'video.join'): no row.
    await beat();
    expect(await reads()).toHaveLength(before);
    // The patient leaves: the next beat answers a new state, read once.
    expect((await k.post('pt', `/api/video/joins/${pt.joinId}/leave`, {})).statusCode).toBe(204);
    expect((await beat()).participants).toEqual(expect.arrayContaining([expect.objectContaining({ role: 'patient', present: false })]));
    await beat();
    const rows = await reads();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ outcome: 'success', recordType: 'appointment', recordId: k.appointmentId, patientId: k.ptPatientId });
  });

  it('one invited colleague at most', async () => {
    const { callId } = await k.join('pr');
    const invited = json(await k.post('pr', `/api/video/calls/${callId}/invite`, { userId: k.s.di!.id })).data;
    expect(invited.participants).toEqual(expect.arrayContaining([expect.objectContaining({ userId: k.s.di!.id, role: 'colleague' })]));
    const second = await k.post('pr', `/api/video/calls/${callId}/invite`, { userId: k.s.pa!.id });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toBe(VIDEO_MESSAGES.colleagueLimit);
    expect((await k.post('pr', `/api/video/calls/${callId}/invite`, { userId: k.s.pr2!.id })).statusCode).toBe(404);
    expect(json(await k.get('di', `/api/video/appointments/${k.appointmentId}`)).data.myRole).toBe('colleague');
    expect((await k.post('pt', `/api/video/calls/${callId}/admit`, {})).statusCode).toBe(403);
  });

  it('opens 15 minutes before the appointment', async () => {
    const later = await k.book('pr', 50);
    const early = await k.post('pt', `/api/video/appointments/${later}/token`, { consent: true });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early)).toBe(VIDEO_MESSAGES.tooEarly);
    expect(json(await k.get('pr', `/api/video/appointments/${later}`)).data.window).toBe('tooEarly');
    const soon = await k.book('di', 4);
    expect((await k.post('pt', `/api/video/appointments/${soon}/token`, {})).statusCode).toBe(200);
  });
});

describe('reconnection, the end of the call and TURN credentials', () => {
  it('a patient back within 2 minutes needs no new admission; the practitioner hangs up: duration and honoré', async () => {
    const pt = await k.join('pt');
    const pr = await k.join('pr');
    await k.post('pr', `/api/video/calls/${pr.callId}/admit`, {});
    k.t.clock.advance(90_000);
    await k.advance(0);
    const back = await k.join('pt');
    expect(back.call.admitted).toBe(true);
    expect(back.joinId).not.toBe(pt.joinId);
    k.t.clock.advance(5 * 60_000);
    await k.advance(0);
    const ended = json(await k.post('pr', `/api/video/calls/${pr.callId}/end`, {})).data;
    expect(ended).toMatchObject({ appointmentId: k.appointmentId, patientId: k.ptPatientId, status: 'honoré' });
    expect(ended.durationSeconds).toBeGreaterThanOrEqual(6.5 * 60);
    expect(json(await k.get('pr', `/api/agenda/appointments/${k.appointmentId}`)).data.status).toBe('honoré');
    // The consultation written after the call (the panel it lands in) is linked to the appointment.
    const [consultation] = await k.t.ctx.db.select({ id: consultations.id }).from(consultations).where(eq(consultations.patientId, k.ptPatientId)).limit(1);
    const linked = await k.post('pr', `/api/agenda/appointments/${k.appointmentId}/status`, { status: 'honoré', consultationId: consultation!.id });
    expect(json(linked).data).toMatchObject({ status: 'honoré', consultationId: consultation!.id });
    const after = await k.post('pt', `/api/video/appointments/${k.appointmentId}/token`, {});
    expect(after.statusCode).toBe(409);
    expect(errorOf(after)).toBe(VIDEO_MESSAGES.ended);
    expect(json(await k.get('pt', `/api/video/appointments/${k.appointmentId}`)).data).toMatchObject({ ended: true, durationSeconds: ended.durationSeconds });
  });

  it('a patient away more than 2 minutes waits to be admitted again; nobody joins 2 hours after the end', async () => {
    const id = await k.book('pa', 0);
    await k.join('pt', id);
    const pa = await k.join('pa', id);
    await k.post('pa', `/api/video/calls/${pa.callId}/admit`, {});
    await k.advance(3 * 60_000);
    expect((await k.join('pt', id)).call.admitted).toBe(false);
    const end = new Date(json(await k.get('pa', `/api/agenda/appointments/${id}`)).data.endsAt).getTime();
    await k.advance(end + 2 * 3600_000 + 60_000 - k.t.clock.now());
    const closed = await k.post('pt', `/api/video/appointments/${id}/token`, {});
    expect(closed.statusCode).toBe(409);
    expect(errorOf(closed)).toBe(VIDEO_MESSAGES.closed);
  });

  it('gives TURN credentials in coturn’s REST scheme when TURN is configured', async () => {
    const id = await k.book('pg', 5, true);
    const saved = k.t.ctx.config.video;
    k.t.ctx.config.video = { stunUrls: ['stun:turn.example.fr:3478'], turnUrls: ['turn:turn.example.fr:3478?transport=udp'], turnSecret: 'un-secret-partage-avec-coturn' };
    try {
      const { iceServers } = (await k.join('pt', id)) as { iceServers: { urls: string[]; username?: string; credential?: string }[] };
      expect(iceServers[0]).toEqual({ urls: ['stun:turn.example.fr:3478'] });
      const turn = iceServers[1]!;
      const [expiry, user] = turn.username!.split(':');
      expect(user).toBe(k.s.pt!.id);
      expect(Number(expiry) * 1000).toBeGreaterThan(k.t.clock.now());
      expect(turn.credential).toBe(createHmac('sha1', 'un-secret-partage-avec-coturn').update(turn.username!).digest('base64'));
    } finally {
      k.t.ctx.config.video = saved;
    }
  });
});
