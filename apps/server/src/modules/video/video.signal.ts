import { VIDEO_LIMITS, videoSignalFrame } from '@wellbe/shared/schemas/video';
import { systemScope, type Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { publishRealtime, registerRealtimeMessage, registerRealtimeType } from '../../lib/realtime/index.ts';
import * as repo from './video.repository.ts';
import { practitionerOfCall } from './video.service.ts';

// WebRTC signalling through /api/ws (DESIGN §9 "Video"): an offer, answer or ICE candidate goes from
// one participant's live join to one other participant of the same call, never further. The
// message is stored (an SDP is larger than a NOTIFY may carry and events carry ids) and its id
// published to the recipient alone; the recipient's server re-reads it and checks that it is
// theirs before pushing it. Frames are bounded by the socket (64 kB, 50 per 10 s) and the schema
// (16,000 characters of SDP), and by VIDEO_LIMITS.signalsPerMinute per participant and call.

/** Signals are pushed within the second; those older than this are purged. */
const SIGNAL_RETENTION_MS = 5 * 60_000;

/** Whether a signalling message from the caller to `to` may go; answers the call's scope, or null. */
async function relayable(ctx: AppContext, caller: Caller, frame: { callId: string; joinId: string; to: string }) {
  if (!caller.organizationId || frame.to === caller.id) return null;
  const scope = systemScope(caller.organizationId);
  const call = await repo.findCall(ctx.db, scope, frame.callId);
  if (!call || call.endedAt) return null;
  const joins = await repo.latestJoins(ctx.db, scope, call.id);
  const mine = joins.find((j) => j.userId === caller.id);
  const theirs = joins.find((j) => j.userId === frame.to);
  // Only from the caller's newest tab, to a participant who joined and did not leave.
  if (!mine || mine.id !== frame.joinId || mine.leftAt || !theirs || theirs.leftAt) return null;
  // The waiting room: until admitted, the patient exchanges nothing with anybody (the practitioner
  // and the invited colleague may talk before).
  const staff = new Set([call.invitedUserId, await practitionerOfCall(ctx, scope, call.appointmentId)]);
  if (!call.admittedAt && (!staff.has(caller.id) || !staff.has(frame.to))) return null;
  const since = new Date(ctx.clock.now() - 60_000);
  if ((await repo.signalsSince(ctx.db, scope, call.id, caller.id, since)) >= VIDEO_LIMITS.signalsPerMinute) return null;
  return { scope, call };
}

registerRealtimeMessage('video.signal', async (ctx, caller, data) => {
  const parsed = videoSignalFrame.safeParse(data);
  if (!parsed.success) return;
  const frame = parsed.data;
  const ok = await relayable(ctx, caller, frame);
  if (!ok) return;
  const at = new Date(ctx.clock.now());
  const payload = frame.kind === 'candidate' ? { candidate: frame.candidate ?? null } : frame.kind === 'bye' || frame.kind === 'hello' ? {} : { sdp: frame.sdp ?? '' };
  const signalId = await repo.insertSignal(ctx.db, ok.scope, { callId: ok.call.id, fromUserId: caller.id, fromJoinId: frame.joinId, toUserId: frame.to, kind: frame.kind, payload, createdAt: at });
  await publishRealtime(ctx.db, { type: 'video.signal', organisationId: ok.scope.organizationId, userIds: [frame.to], ephemeral: true, data: { callId: ok.call.id, signalId } });
  await repo.purgeSignals(ctx.db, ok.scope, ok.call.id, new Date(at.getTime() - SIGNAL_RETENTION_MS));
});

// Pushed to its one recipient only, re-read in the recipient's organisation.
registerRealtimeType('video.signal', {
  access: 'video',
  resolve: async (ctx, event, recipient) => {
    if (!recipient.organizationId || recipient.organizationId !== event.organizationId) return null;
    const signal = await repo.findSignal(ctx.db, systemScope(recipient.organizationId), String(event.data.signalId));
    if (!signal || signal.toUserId !== recipient.id || signal.callId !== event.data.callId) return null;
    return { callId: signal.callId, signalId: signal.id, from: signal.fromUserId, fromJoinId: signal.fromJoinId, kind: signal.kind, ...signal.payload };
  },
});

registerRealtimeType('video.call', { access: 'video' });
