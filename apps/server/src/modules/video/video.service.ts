import { createHash } from 'node:crypto';
import { can } from '@wellbe/shared/permissions';
import { STATUS_TRANSITIONS, type AppointmentStatus } from '@wellbe/shared/schemas/agenda';
import { VIDEO_CONSENT_TEXT, VIDEO_LIMITS, VIDEO_MESSAGES, videoWindow, type VideoCallState as VideoCall } from '@wellbe/shared/schemas/video';
import { hidden, isUuid, type Caller, type OneOrgScope } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { type AppError, badRequest, conflict, forbidden } from '../../lib/errors.ts';
import { publishRealtime } from '../../lib/realtime/index.ts';
import { setStatus } from '../agenda/agenda.appointments.ts';
import { agendaScope, found, type AppointmentRow, type Ctx as AgendaCtx } from '../agenda/agenda.service.ts';
import * as repo from './video.repository.ts';
import { iceServers, issueCallToken, readCallToken, type IceServer } from './video.tokens.ts';

// Téléconsultation (the rules): who takes part in an appointment's call (its practitioner, its
// patient, one colleague the practitioner invites), when (15 minutes before until 2 hours after),
// the waiting room (the patient waits until admitted), short-lived single-use call tokens, the
// newest tab of a participant winning, and the end of the call (duration, status honoré).

type Ctx = AgendaCtx & Pick<AppContext, 'jwtKey'>;

export type Role = 'practitioner' | 'patient' | 'colleague';

interface Loaded {
  scope: OneOrgScope;
  row: AppointmentRow;
  call: repo.CallRow | null;
  role: Role;
}

const now = (ctx: Ctx) => new Date(ctx.clock.now());

function roleOf(caller: Caller, row: AppointmentRow, call: repo.CallRow | null): Role | null {
  if (caller.id === row.practitionerId) return 'practitioner';
  if (caller.role === 'PT' && caller.patientId !== null && caller.patientId === row.patientId) return 'patient';
  if (call?.invitedUserId === caller.id && can(caller.role, 'videoHost')) return 'colleague';
  return null;
}

async function refuse(ctx: Ctx, caller: Caller, row: { id: string; patientId: string | null } | null, error: AppError): Promise<never> {
  await recordAudit(ctx, caller, { action: 'video.refused', outcome: 'denied', recordType: 'appointment', recordId: row?.id ?? null, patientId: row?.patientId ?? null, details: { reason: error.code } });
  throw error;
}

/** The appointment's call as the caller may see it: another patient's or organisation's is a 404. */
async function load(ctx: Ctx, caller: Caller, appointmentId: string): Promise<Loaded> {
  const scope = agendaScope(caller);
  const row = await found(ctx, scope, appointmentId);
  const call = await repo.callOfAppointment(ctx.db, scope, row.id);
  const role = roleOf(caller, row, call);
  // A patient never learns of another patient's appointment; staff of the practice are told they are not in the call.
  if (!role && caller.role === 'PT') await refuse(ctx, caller, null, hidden(VIDEO_MESSAGES.notFound, 'video_not_found'));
  if (!role) await refuse(ctx, caller, row, forbidden(VIDEO_MESSAGES.notParticipant, 'video_not_participant'));
  if (!row.teleconsultation) throw badRequest(VIDEO_MESSAGES.notTeleconsultation, 'not_teleconsultation');
  return { scope, row, call, role: role! };
}

async function loadCall(ctx: Ctx, caller: Caller, callId: string): Promise<Loaded> {
  const call = isUuid(callId) ? await repo.findCall(ctx.db, agendaScope(caller), callId) : null;
  if (!call) throw hidden(VIDEO_MESSAGES.notFound, 'video_not_found');
  return load(ctx, caller, call.appointmentId);
}

/** Whether a join is live: not left, seen within the reconnection delay. */
function live(join: repo.JoinRow | undefined, at: Date): boolean {
  return !!join && !join.leftAt && at.getTime() - join.seenAt.getTime() <= VIDEO_LIMITS.reconnectSeconds * 1000;
}

async function state(ctx: Ctx, caller: Caller, l: Loaded): Promise<VideoCall> {
  const at = now(ctx);
  const joins = l.call ? await repo.latestJoins(ctx.db, l.scope, l.call.id) : [];
  const byUser = new Map(joins.map((j) => [j.userId, j]));
  const patientJoin = joins.find((j) => j.userId !== l.row.practitionerId && j.userId !== l.call?.invitedUserId);
  const colleague = l.call?.invitedUserId ? (await repo.usersIn(ctx.db, l.scope, [l.call.invitedUserId]))[0] : undefined;
  const participants: VideoCall['participants'] = [{ userId: l.row.practitionerId, name: l.row.practitionerName ?? '', role: 'practitioner', present: live(byUser.get(l.row.practitionerId), at) }];
  if (patientJoin) participants.push({ userId: patientJoin.userId, name: l.row.patientName ?? '', role: 'patient', present: live(patientJoin, at) });
  if (colleague) participants.push({ userId: colleague.id, name: colleague.displayName || `${colleague.firstName} ${colleague.lastName}`.trim(), role: 'colleague', present: live(byUser.get(colleague.id), at) });
  const mine = byUser.get(caller.id);
  return {
    appointmentId: l.row.id,
    callId: l.call?.id ?? null,
    patientId: l.row.patientId,
    patientName: l.row.patientName,
    practitionerId: l.row.practitionerId,
    practitionerName: l.row.practitionerName ?? '',
    startsAt: l.row.startsAt,
    endsAt: l.row.endsAt,
    myRole: l.role,
    window: videoWindow(l.row.startsAt, l.row.endsAt, at),
    admitted: !!l.call?.admittedAt,
    ended: !!l.call?.endedAt,
    durationSeconds: l.call?.durationSeconds ?? null,
    consentGiven: l.row.patientId ? await repo.consentOf(ctx.db, l.scope, l.row.patientId) : false,
    consentText: VIDEO_CONSENT_TEXT,
    participants,
    myJoinId: mine?.id ?? null,
  };
}

/** The practitioner of a call's appointment (the signalling's waiting-room rule). */
export async function practitionerOfCall(ctx: Ctx, scope: OneOrgScope, appointmentId: string): Promise<string> {
  return (await found(ctx, scope, appointmentId)).practitionerId;
}

export async function callOf(ctx: Ctx, caller: Caller, appointmentId: string): Promise<VideoCall> {
  const l = await load(ctx, caller, appointmentId);
  await recordAudit(ctx, caller, { action: 'video.read', outcome: 'success', recordType: 'appointment', recordId: l.row.id, patientId: l.row.patientId });
  return state(ctx, caller, l);
}

/** The refusals of a join, in the order a user meets them. */
async function assertOpen(ctx: Ctx, caller: Caller, l: Loaded): Promise<void> {
  const fail = (e: AppError) => refuse(ctx, caller, l.row, e);
  if (l.row.status === 'annulé') await fail(conflict(VIDEO_MESSAGES.cancelled, 'video_cancelled'));
  if (l.call?.endedAt) await fail(conflict(VIDEO_MESSAGES.ended, 'video_ended'));
  const window = videoWindow(l.row.startsAt, l.row.endsAt, now(ctx));
  if (window === 'tooEarly') await fail(conflict(VIDEO_MESSAGES.tooEarly, 'video_too_early'));
  if (window === 'closed') await fail(conflict(VIDEO_MESSAGES.closed, 'video_closed'));
}

/** A call token for the caller (the patient's consent is recorded at their first join). */
export async function callToken(ctx: Ctx, caller: Caller, appointmentId: string, input: { consent?: boolean }) {
  const l = await load(ctx, caller, appointmentId);
  await assertOpen(ctx, caller, l);
  if (l.role === 'patient' && !(await repo.consentOf(ctx.db, l.scope, l.row.patientId!))) {
    if (input.consent !== true) throw badRequest(VIDEO_MESSAGES.consentRequired, 'video_consent_required');
    if (await repo.insertConsent(ctx.db, l.scope, { patientId: l.row.patientId!, userId: caller.id, text: VIDEO_CONSENT_TEXT, at: now(ctx) })) {
      await recordAudit(ctx, caller, { action: 'video.consent', outcome: 'success', recordType: 'patient', recordId: l.row.patientId, patientId: l.row.patientId, details: { appointmentId: l.row.id } });
    }
  }
  const call = l.call ?? (await repo.ensureCall(ctx.db, l.scope, l.row.id));
  const expiresAt = new Date(now(ctx).getTime() + VIDEO_LIMITS.tokenSeconds * 1000);
  const { token } = issueCallToken(ctx.jwtKey, { callId: call.id, userId: caller.id, exp: expiresAt.getTime() });
  return { token, expiresAt };
}

/** Who hears that the call changed: its practitioner, invited colleague and everybody who joined it. */
async function tell(ctx: Ctx, l: Loaded, callId: string): Promise<void> {
  const joined = (await repo.latestJoins(ctx.db, l.scope, callId)).map((j) => j.userId);
  const userIds = [l.row.practitionerId, ...(l.call?.invitedUserId ? [l.call.invitedUserId] : []), ...joined];
  await publishRealtime(ctx.db, { type: 'video.call', organisationId: l.scope.organizationId, userIds, data: { callId, appointmentId: l.row.id } });
}

/** Spends a call token: the caller's join (their older tab is replaced), with the ICE servers. */
export async function join(ctx: Ctx, caller: Caller, token: string): Promise<{ joinId: string; callId: string; appointmentId: string; iceServers: IceServer[]; call: VideoCall }> {
  const read = readCallToken(ctx.jwtKey, token);
  if (!read || read.userId !== caller.id || !isUuid(read.callId)) await refuse(ctx, caller, null, badRequest(VIDEO_MESSAGES.tokenInvalid, 'call_token_invalid'));
  if (read!.exp < ctx.clock.now()) await refuse(ctx, caller, null, badRequest(VIDEO_MESSAGES.tokenExpired, 'call_token_expired'));
  const l = await loadCall(ctx, caller, read!.callId);
  await assertOpen(ctx, caller, l);
  const at = now(ctx);
  const before = (await repo.latestJoins(ctx.db, l.scope, l.call!.id)).find((j) => j.userId === caller.id);
  const joined = await repo.insertJoin(ctx.db, l.scope, { callId: l.call!.id, userId: caller.id, tokenId: read!.tokenId, at });
  if (!joined) await refuse(ctx, caller, l.row, conflict(VIDEO_MESSAGES.tokenReplayed, 'call_token_replayed'));
  // Back within the reconnection delay, an admitted patient goes straight back into the call;
  // later (or after leaving), they wait to be admitted again.
  if (l.role === 'patient' && l.call!.admittedAt && !live(before, at)) {
    await repo.updateCall(ctx.db, l.scope, l.call!.id, { admittedAt: null });
    l.call = { ...l.call!, admittedAt: null };
  }
  await recordAudit(ctx, caller, { action: 'video.join', outcome: 'success', recordType: 'appointment', recordId: l.row.id, patientId: l.row.patientId, details: { callId: l.call!.id, role: l.role } });
  await tell(ctx, l, l.call!.id);
  const closes = new Date(l.row.endsAt.getTime() + VIDEO_LIMITS.closesAfterMinutes * 60_000);
  const call = await state(ctx, caller, l);
  answerChanged(ctx, joined!.id, call);
  return { joinId: joined!.id, callId: l.call!.id, appointmentId: l.row.id, iceServers: iceServers(ctx.config.video, caller.id, closes), call };
}

/**
 * What each join was last answered (a hash of the call's state), per app (keyed by its context,
 * so it goes with the app). A heartbeat comes every few seconds and almost always answers what its
 * join already read (the join's answer, journalled as 'video.join'); a row per beat would bury the
 * patient's journal. A beat is journalled ('video.state.read') when the state it answers differs
 * from the last one its join was given: someone came or went, the patient was admitted, the call
 * ended. In memory: another server or a restart journals one read more, never one less.
 */
const answered = new WeakMap<object, Map<string, string>>();
const ANSWERED_MAX = 10_000;

/** Notes what `joinId` is answered; true when it differs from what it was answered last. */
function answerChanged(ctx: Ctx, joinId: string, call: VideoCall): boolean {
  let seen = answered.get(ctx);
  if (!seen) answered.set(ctx, (seen = new Map()));
  const hash = createHash('sha256').update(JSON.stringify(call)).digest('base64url');
  const changed = seen.get(joinId) !== hash;
  // Deleted then set: the map's order is the order of use, the oldest goes first past the bound.
  seen.delete(joinId);
  seen.set(joinId, hash);
  if (seen.size > ANSWERED_MAX) seen.delete(seen.keys().next().value!);
  return changed;
}

async function ownJoin(ctx: Ctx, caller: Caller, joinId: string) {
  const join = isUuid(joinId) ? await repo.findJoin(ctx.db, agendaScope(caller), joinId) : null;
  if (!join || join.userId !== caller.id) throw hidden(VIDEO_MESSAGES.notFound, 'video_not_found');
  return { join, l: await loadCall(ctx, caller, join.callId) };
}

/** The participant's page is still there (reconnection delay); answers the call (superseded: myJoinId differs). */
export async function heartbeat(ctx: Ctx, caller: Caller, joinId: string): Promise<VideoCall> {
  const { join, l } = await ownJoin(ctx, caller, joinId);
  const wasLive = (await repo.latestJoins(ctx.db, l.scope, join.callId)).find((j) => j.userId === caller.id);
  await repo.touchJoin(ctx.db, l.scope, join.id, caller.id, { seenAt: now(ctx) });
  if (wasLive?.id === join.id && !live(wasLive, now(ctx))) await tell(ctx, l, join.callId);
  const call = await state(ctx, caller, l);
  if (answerChanged(ctx, join.id, call)) {
    await recordAudit(ctx, caller, { action: 'video.state.read', outcome: 'success', recordType: 'appointment', recordId: l.row.id, patientId: l.row.patientId, details: { callId: join.callId } });
  }
  return call;
}

export async function leave(ctx: Ctx, caller: Caller, joinId: string): Promise<void> {
  const { join, l } = await ownJoin(ctx, caller, joinId);
  answered.get(ctx)?.delete(join.id);
  if (await repo.touchJoin(ctx.db, l.scope, join.id, caller.id, { leftAt: now(ctx) })) {
    await recordAudit(ctx, caller, { action: 'video.leave', outcome: 'success', recordType: 'appointment', recordId: l.row.id, patientId: l.row.patientId, details: { callId: join.callId } });
    await tell(ctx, l, join.callId);
  }
}

async function hostCall(ctx: Ctx, caller: Caller, callId: string): Promise<Loaded & { call: repo.CallRow }> {
  const l = await loadCall(ctx, caller, callId);
  if (l.role !== 'practitioner') await refuse(ctx, caller, l.row, forbidden(VIDEO_MESSAGES.hostOnly, 'video_host_only'));
  if (l.call!.endedAt) throw conflict(VIDEO_MESSAGES.ended, 'video_ended');
  return l as Loaded & { call: repo.CallRow };
}

/** "Admettre": the waiting patient enters the call. */
export async function admit(ctx: Ctx, caller: Caller, callId: string): Promise<VideoCall> {
  const l = await hostCall(ctx, caller, callId);
  const at = now(ctx);
  const waiting = (await repo.latestJoins(ctx.db, l.scope, l.call.id)).find((j) => j.userId !== l.row.practitionerId && j.userId !== l.call.invitedUserId);
  if (!live(waiting, at)) throw conflict(VIDEO_MESSAGES.nobodyWaiting, 'video_nobody_waiting');
  if (!l.call.admittedAt) await repo.updateCall(ctx.db, l.scope, l.call.id, { admittedAt: at });
  l.call = { ...l.call, admittedAt: l.call.admittedAt ?? at };
  await recordAudit(ctx, caller, { action: 'video.admit', outcome: 'success', recordType: 'appointment', recordId: l.row.id, patientId: l.row.patientId, details: { callId: l.call.id } });
  await tell(ctx, l, l.call.id);
  return state(ctx, caller, l);
}

/** A colleague of the organisation (a practitioner) invited into the call: one at most. */
export async function invite(ctx: Ctx, caller: Caller, callId: string, userId: string): Promise<VideoCall> {
  const l = await hostCall(ctx, caller, callId);
  const [colleague] = await repo.usersIn(ctx.db, l.scope, [userId]);
  if (!colleague || !colleague.active || colleague.id === caller.id || !can(colleague.role as Caller['role'], 'videoHost')) throw hidden(VIDEO_MESSAGES.colleagueNotFound, 'colleague_not_found');
  if (l.call.invitedUserId !== colleague.id && !(await repo.inviteColleague(ctx.db, l.scope, l.call.id, colleague.id))) {
    await refuse(ctx, caller, l.row, conflict(VIDEO_MESSAGES.colleagueLimit, 'video_colleague_limit'));
  }
  l.call = { ...l.call, invitedUserId: colleague.id };
  await recordAudit(ctx, caller, { action: 'video.invite', outcome: 'success', recordType: 'appointment', recordId: l.row.id, patientId: l.row.patientId, details: { callId: l.call.id, userId: colleague.id } });
  await tell(ctx, l, l.call.id);
  return state(ctx, caller, l);
}

/** "Raccrocher" by the practitioner: the call ends, its duration is kept and the appointment is honoré. */
export async function end(ctx: Ctx, caller: Caller, callId: string) {
  const l = await hostCall(ctx, caller, callId);
  const at = now(ctx);
  const durationSeconds = l.call.admittedAt ? Math.max(0, Math.round((at.getTime() - l.call.admittedAt.getTime()) / 1000)) : 0;
  await repo.updateCall(ctx.db, l.scope, l.call.id, { endedAt: at, durationSeconds });
  let status = l.row.status;
  // The visit took place when the patient was admitted: the appointment is honoré (if its status allows).
  if (l.call.admittedAt && STATUS_TRANSITIONS[status as AppointmentStatus]?.includes('honoré')) status = (await setStatus(ctx, caller, l.row.id, { status: 'honoré' })).status;
  await recordAudit(ctx, caller, { action: 'video.end', outcome: 'success', recordType: 'appointment', recordId: l.row.id, patientId: l.row.patientId, details: { callId: l.call.id, durationSeconds } });
  await tell(ctx, l, l.call.id);
  return { appointmentId: l.row.id, patientId: l.row.patientId, durationSeconds, status };
}
