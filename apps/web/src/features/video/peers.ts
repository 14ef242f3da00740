import type { VideoSignalFrame } from '@wellbe/shared/schemas/video';
import { sendRealtime } from '../../lib/realtime.ts';

// The WebRTC side of a téléconsultation: one RTCPeerConnection per other participant, signalled
// through /api/ws (`video.signal`, addressed by the server to that participant only). Who offers
// is fixed (the practitioner, then the colleague, then the patient: the first of the pair), so two
// offers never cross. `hello` says "I am here with this join": the one who offers (re)starts the
// connection, the other answers with its own hello; a participant back from a network drop or a
// reload (a new join) is met with a fresh connection.

export interface IncomingSignal {
  callId: string;
  from: string;
  fromJoinId: string;
  kind: VideoSignalFrame['kind'];
  sdp?: string;
  candidate?: RTCIceCandidateInit | null;
}

interface Peer {
  pc: RTCPeerConnection;
  remoteJoin: string;
  pending: RTCIceCandidateInit[];
}

export interface MeshOptions {
  callId: string;
  joinId: string;
  iceServers: RTCIceServer[];
  /** Whether this participant makes the offer to `userId`. */
  offersTo: (userId: string) => boolean;
  local: () => MediaStream | null;
  onRemote: (userId: string, stream: MediaStream | null) => void;
  onState: (userId: string, state: RTCPeerConnectionState) => void;
}

export class PeerMesh {
  private readonly peers = new Map<string, Peer>();
  private closed = false;

  constructor(private readonly o: MeshOptions) {}

  /** Sends a signal; while the socket reconnects, tries again for a few seconds. */
  private send(to: string, kind: VideoSignalFrame['kind'], extra: Partial<VideoSignalFrame> = {}, tries = 20): void {
    if (this.closed && kind !== 'bye') return;
    const frame = { callId: this.o.callId, joinId: this.o.joinId, to, kind, ...extra };
    if (!sendRealtime('video.signal', frame) && tries > 0) setTimeout(() => this.send(to, kind, extra, tries - 1), 500);
  }

  hello(to: string): void {
    this.send(to, 'hello');
  }

  private reset(userId: string, remoteJoin: string): Peer {
    this.drop(userId);
    const pc = new RTCPeerConnection({ iceServers: this.o.iceServers });
    const peer: Peer = { pc, remoteJoin, pending: [] };
    this.peers.set(userId, peer);
    const local = this.o.local();
    for (const track of local?.getTracks() ?? []) pc.addTrack(track, local!);
    // Without a camera or a microphone of our own, we still receive theirs.
    if (this.o.offersTo(userId)) {
      if (!local?.getVideoTracks().length) pc.addTransceiver('video', { direction: 'recvonly' });
      if (!local?.getAudioTracks().length) pc.addTransceiver('audio', { direction: 'recvonly' });
    }
    pc.ontrack = (e) => this.o.onRemote(userId, e.streams[0] ?? new MediaStream([e.track]));
    pc.onicecandidate = (e) => e.candidate && this.send(userId, 'candidate', { candidate: e.candidate.toJSON() as VideoSignalFrame['candidate'] });
    pc.onconnectionstatechange = () => {
      this.o.onState(userId, pc.connectionState);
      // A connection lost for good: ask for a new one (the offerer restarts on hello).
      if (pc.connectionState === 'failed' && this.peers.get(userId)?.pc === pc) this.hello(userId);
    };
    return peer;
  }

  private drop(userId: string): void {
    const peer = this.peers.get(userId);
    if (!peer) return;
    this.peers.delete(userId);
    peer.pc.close();
    this.o.onRemote(userId, null);
  }

  private async offer(userId: string, peer: Peer): Promise<void> {
    const offer = await peer.pc.createOffer();
    await peer.pc.setLocalDescription(offer);
    this.send(userId, 'offer', { sdp: offer.sdp ?? '' });
  }

  private async flush(peer: Peer): Promise<void> {
    for (const c of peer.pending.splice(0)) await peer.pc.addIceCandidate(c).catch(() => {});
  }

  async handle(s: IncomingSignal): Promise<void> {
    if (this.closed || s.callId !== this.o.callId) return;
    const peer = this.peers.get(s.from);
    const current = peer && peer.remoteJoin === s.fromJoinId && !['failed', 'closed'].includes(peer.pc.connectionState) ? peer : null;
    if (s.kind === 'hello') {
      if (!this.o.offersTo(s.from)) {
        if (!current) this.hello(s.from);
        return;
      }
      if (current && current.pc.connectionState !== 'new') return;
      if (current?.pc.signalingState === 'have-local-offer') return;
      await this.offer(s.from, this.reset(s.from, s.fromJoinId));
    } else if (s.kind === 'offer') {
      const p = current && current.pc.signalingState === 'stable' ? current : this.reset(s.from, s.fromJoinId);
      await p.pc.setRemoteDescription({ type: 'offer', sdp: s.sdp ?? '' });
      await this.flush(p);
      const answer = await p.pc.createAnswer();
      await p.pc.setLocalDescription(answer);
      this.send(s.from, 'answer', { sdp: answer.sdp ?? '' });
    } else if (s.kind === 'answer') {
      if (!current || current.pc.signalingState !== 'have-local-offer') return;
      await current.pc.setRemoteDescription({ type: 'answer', sdp: s.sdp ?? '' });
      await this.flush(current);
    } else if (s.kind === 'candidate') {
      if (!peer || peer.remoteJoin !== s.fromJoinId || !s.candidate) return;
      if (peer.pc.remoteDescription) await peer.pc.addIceCandidate(s.candidate).catch(() => {});
      else peer.pending.push(s.candidate);
    } else if (s.kind === 'bye') {
      if (peer?.remoteJoin === s.fromJoinId) this.drop(s.from);
    }
  }

  /** The camera, or the shared screen, in place of what every connection sends. */
  async replaceVideo(track: MediaStreamTrack | null): Promise<void> {
    for (const { pc } of this.peers.values()) {
      const sender = pc.getSenders().find((x) => x.track?.kind === 'video' || (!x.track && x.dtmf === null));
      await sender?.replaceTrack(track).catch(() => {});
    }
  }

  /** The connections (the tests read their statistics). */
  connections(): RTCPeerConnection[] {
    return [...this.peers.values()].map((p) => p.pc);
  }

  close(): void {
    for (const userId of [...this.peers.keys()]) {
      this.send(userId, 'bye');
      this.drop(userId);
    }
    this.closed = true;
  }
}
