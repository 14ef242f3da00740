import { useCallback, useEffect, useRef, useState } from 'react';
import type { VideoCall } from '@wellbe/shared/schemas/video';
import { isApiError } from '../../lib/api.ts';
import { useRealtimeEvent } from '../../lib/realtime.ts';
import { useSession } from '../../lib/session.ts';
import { heartbeat, joinCall, leaveCall, type JoinAnswer } from './api.ts';
import { PeerMesh, type IncomingSignal } from './peers.ts';

// A participant's session in a call: the join (one call token), the heartbeat that keeps their
// place for 2 minutes, the WebRTC connections with whom they may talk (the patient once admitted),
// the remote streams, and the end of this tab's session when a newer tab of theirs joined.

const HEARTBEAT_MS = 20_000;
const RANK = { practitioner: 0, colleague: 1, patient: 2 } as const;

export interface CallSession {
  joined: JoinAnswer | null;
  join: (consent: boolean) => Promise<void>;
  joining: boolean;
  error: string | null;
  remotes: Record<string, MediaStream>;
  superseded: boolean;
  mesh: PeerMesh | null;
  leave: () => Promise<void>;
}

/** Whom this participant may talk to now (the waiting room keeps the patient apart). */
function talkers(call: VideoCall, me: string): string[] {
  return call.participants.filter((p) => p.userId !== me && p.present && (call.admitted || (p.role !== 'patient' && call.myRole !== 'patient'))).map((p) => p.userId);
}

export function useCallSession(appointmentId: string, call: VideoCall | undefined, local: MediaStream | null): CallSession {
  const me = useSession().user?.id ?? '';
  const [joined, setJoined] = useState<JoinAnswer | null>(null);
  const [joining, setJoining] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [remotes, setRemotes] = useState<Record<string, MediaStream>>({});
  const [mesh, setMesh] = useState<PeerMesh | null>(null);
  const localRef = useRef(local);
  localRef.current = local;
  const greeted = useRef(new Set<string>());
  const superseded = !!joined && !!call?.myJoinId && call.myJoinId !== joined.joinId;

  const join = useCallback(
    async (consent: boolean) => {
      setJoining(true);
      setError(null);
      try {
        setJoined(await joinCall(appointmentId, consent));
      } catch (e) {
        setError(isApiError(e) ? e.message : String(e));
      } finally {
        setJoining(false);
      }
    },
    [appointmentId],
  );

  useEffect(() => {
    if (!joined || superseded) return;
    const roles = new Map(joined.call.participants.map((p) => [p.userId, p.role]));
    const mine = joined.call.myRole;
    const m = new PeerMesh({
      callId: joined.callId,
      joinId: joined.joinId,
      iceServers: joined.iceServers,
      offersTo: (userId) => RANK[mine] < RANK[roles.get(userId) ?? 'patient'],
      local: () => localRef.current,
      onRemote: (userId, stream) =>
        setRemotes((r) => {
          const next = { ...r };
          if (stream) next[userId] = stream;
          else delete next[userId];
          return next;
        }),
      onState: () => {},
    });
    setMesh(m);
    greeted.current = new Set();
    const beat = setInterval(() => void heartbeat(joined.joinId).catch(() => {}), HEARTBEAT_MS);
    return () => {
      clearInterval(beat);
      m.close();
      setMesh(null);
    };
  }, [joined, superseded]);

  // Say hello to whoever became reachable (present, and admitted for the patient).
  useEffect(() => {
    if (!mesh || !call || !joined) return;
    const now = new Set(talkers(call, me));
    for (const userId of now) if (!greeted.current.has(userId)) mesh.hello(userId);
    greeted.current = now;
  }, [mesh, call, joined, me]);

  useRealtimeEvent('video.signal', (data) => void mesh?.handle(data as unknown as IncomingSignal).catch(() => {}));

  const leave = useCallback(async () => {
    mesh?.close();
    if (joined) await leaveCall(joined.joinId).catch(() => {});
  }, [mesh, joined]);

  return { joined, join, joining, error, remotes, superseded, mesh, leave };
}
