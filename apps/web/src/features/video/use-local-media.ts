import { useCallback, useEffect, useRef, useState } from 'react';

// The participant's camera and microphone: the front camera by default (phones), the devices they
// choose, and what is missing or refused said in words (audio-only and video-only still work).

export type MediaProblem = 'cameraDenied' | 'cameraMissing' | 'micDenied' | 'micMissing' | 'bothDenied' | 'bothMissing' | 'unsupported' | null;

export interface LocalMedia {
  stream: MediaStream | null;
  problem: MediaProblem;
  devices: MediaDeviceInfo[];
  cameraId: string;
  micId: string;
  choose: (kind: 'camera' | 'mic', deviceId: string) => void;
  ready: boolean;
}

const denied = (e: unknown) => e instanceof DOMException && (e.name === 'NotAllowedError' || e.name === 'SecurityError');

async function tryGet(constraints: MediaStreamConstraints): Promise<{ stream: MediaStream | null; error: unknown }> {
  try {
    return { stream: await navigator.mediaDevices.getUserMedia(constraints), error: null };
  } catch (error) {
    return { stream: null, error };
  }
}

/** Asks for both; on a refusal or a missing device, for each alone, and names what is missing. */
async function acquire(cameraId: string, micId: string): Promise<{ stream: MediaStream | null; problem: MediaProblem }> {
  if (!navigator.mediaDevices?.getUserMedia) return { stream: null, problem: 'unsupported' };
  const video: MediaTrackConstraints = cameraId ? { deviceId: { exact: cameraId } } : { facingMode: 'user' };
  const audio: MediaTrackConstraints | boolean = micId ? { deviceId: { exact: micId } } : true;
  const both = await tryGet({ video, audio });
  if (both.stream) return { stream: both.stream, problem: null };
  const audioOnly = await tryGet({ audio });
  if (audioOnly.stream) return { stream: audioOnly.stream, problem: denied(both.error) ? 'cameraDenied' : 'cameraMissing' };
  const videoOnly = await tryGet({ video });
  if (videoOnly.stream) return { stream: videoOnly.stream, problem: denied(audioOnly.error) ? 'micDenied' : 'micMissing' };
  return { stream: null, problem: denied(both.error) ? 'bothDenied' : 'bothMissing' };
}

export function useLocalMedia(): LocalMedia {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<MediaProblem>(null);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [ids, setIds] = useState({ cameraId: '', micId: '' });
  const [ready, setReady] = useState(false);
  const current = useRef<MediaStream | null>(null);

  useEffect(() => {
    let cancelled = false;
    void acquire(ids.cameraId, ids.micId).then(async (got) => {
      if (cancelled) return got.stream?.getTracks().forEach((t) => t.stop());
      current.current?.getTracks().forEach((t) => t.stop());
      current.current = got.stream;
      setStream(got.stream);
      setProblem(got.problem);
      setReady(true);
      // Labels are known once a device is granted.
      const list = await navigator.mediaDevices?.enumerateDevices?.().catch(() => []);
      if (!cancelled) setDevices((list ?? []).filter((d) => d.kind === 'videoinput' || d.kind === 'audioinput'));
    });
    return () => {
      cancelled = true;
    };
  }, [ids.cameraId, ids.micId]);

  // The camera's light goes off when the page goes.
  useEffect(() => () => current.current?.getTracks().forEach((t) => t.stop()), []);

  const choose = useCallback((kind: 'camera' | 'mic', deviceId: string) => setIds((s) => (kind === 'camera' ? { ...s, cameraId: deviceId } : { ...s, micId: deviceId })), []);
  return { stream, problem, devices, ...ids, choose, ready };
}

/** The microphone's level, 0 to 100, for the meter of the device check. */
export function useAudioLevel(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    if (!stream?.getAudioTracks().length || typeof AudioContext === 'undefined') return;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 256;
    context.createMediaStreamSource(stream).connect(analyser);
    const data = new Uint8Array(analyser.frequencyBinCount);
    let frame = 0;
    const tick = () => {
      analyser.getByteTimeDomainData(data);
      let peak = 0;
      for (const v of data) peak = Math.max(peak, Math.abs(v - 128));
      setLevel(Math.min(100, Math.round((peak / 128) * 100)));
      frame = requestAnimationFrame(tick);
    };
    tick();
    return () => {
      cancelAnimationFrame(frame);
      void context.close();
    };
  }, [stream]);
  return level;
}
