import { useQuery } from '@tanstack/react-query';
import type { Answer } from '@wellbe/shared/schemas/responses';
import type { VideoCall, videoEndResponse, videoJoinResponse } from '@wellbe/shared/schemas/video';
import { api } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useRealtimeEvent } from '../../lib/realtime.ts';

// The téléconsultation's calls: the call of an appointment (refetched when the server says it
// changed), a call token then its join, the heartbeat that keeps the place for 2 minutes, the
// host's admission and hang-up.

export type JoinAnswer = Answer<typeof videoJoinResponse>['data'];
export type EndAnswer = Answer<typeof videoEndResponse>['data'];

const key = (appointmentId: string) => ['video', appointmentId] as const;

export function useVideoCall(appointmentId: string) {
  const query = useQuery({
    queryKey: key(appointmentId),
    queryFn: ({ signal }) => api<{ data: VideoCall }>(`/video/appointments/${encodeURIComponent(appointmentId)}`, { signal }).then((r) => r.data),
  });
  useRealtimeEvent('video.call', (data) => {
    if (data.appointmentId === appointmentId) void queryClient.invalidateQueries({ queryKey: key(appointmentId) });
  });
  return query;
}

export function setCall(call: VideoCall): void {
  queryClient.setQueryData(key(call.appointmentId), call);
}

/** A call token (the patient's consent the first time), spent at once by the join. */
export async function joinCall(appointmentId: string, consent: boolean): Promise<JoinAnswer> {
  const { data } = await api<{ data: { token: string } }>(`/video/appointments/${encodeURIComponent(appointmentId)}/token`, { method: 'POST', body: consent ? { consent: true } : {} });
  const joined = await api<{ data: JoinAnswer }>('/video/join', { method: 'POST', body: { token: data.token } });
  setCall(joined.data.call);
  return joined.data;
}

export async function heartbeat(joinId: string): Promise<VideoCall> {
  const { data } = await api<{ data: VideoCall }>(`/video/joins/${encodeURIComponent(joinId)}/heartbeat`, { method: 'POST', body: {} });
  setCall(data);
  return data;
}

export function leaveCall(joinId: string): Promise<unknown> {
  return api(`/video/joins/${encodeURIComponent(joinId)}/leave`, { method: 'POST', body: {} });
}

export async function admit(callId: string): Promise<void> {
  setCall((await api<{ data: VideoCall }>(`/video/calls/${encodeURIComponent(callId)}/admit`, { method: 'POST', body: {} })).data);
}

export async function endCall(callId: string): Promise<EndAnswer> {
  return (await api<{ data: EndAnswer }>(`/video/calls/${encodeURIComponent(callId)}/end`, { method: 'POST', body: {} })).data;
}

/** The practitioners of the organisation, colleagues the host may invite (the agenda's list). */
export function useColleagues(enabled: boolean) {
  return useQuery({
    queryKey: ['video', 'colleagues'],
    queryFn: ({ signal }) => api<{ data: { id: string; displayName: string }[] }>('/agenda/practitioners', { signal }).then((r) => r.data),
    enabled,
  });
}

export async function inviteColleague(callId: string, userId: string): Promise<void> {
  setCall((await api<{ data: VideoCall }>(`/video/calls/${encodeURIComponent(callId)}/invite`, { method: 'POST', body: { userId } })).data);
}
