// Real time (DESIGN §8): one WebSocket per browser tab at /api/ws. The token travels in the first
// message, never in the URL (URLs are logged). Events carry ids, not records: the client refetches
// through the normal, authorised REST routes (a module may push a re-read, re-authorised record
// through a server-side resolver, the chat does). The frames a client sends are checked by
// schemas/realtime.ts: this module has no zod, the web app's layout imports it (issue 13).

export const REALTIME_PATH = '/api/ws';
/** A socket that has not authenticated by then is closed. */
export const REALTIME_AUTH_TIMEOUT_MS = 10_000;
/** Frames above this size are refused (the socket is closed with 1009). */
export const REALTIME_MAX_FRAME_BYTES = 64 * 1024;
/** At most this many missed events are replayed on reconnect; beyond, the client resynchronises. */
export const REALTIME_REPLAY_LIMIT = 500;

/** Close codes the client acts upon. */
export const REALTIME_CLOSE = {
  /** A frame that is not JSON or not a known message. */
  badFrame: 4400,
  /** Token missing, invalid, expired or revoked (logout, password change, deactivation): get a fresh token. */
  unauthenticated: 4401,
  /**
   * The user owes the acceptance of a policy version in force (HTTP answers 403 consent_required):
   * the socket is refused until they accept; a fresh token would not help.
   */
  consentRequired: 4403,
  /** No authentication within REALTIME_AUTH_TIMEOUT_MS. */
  authTimeout: 4408,
  /** The server is stopping: reconnect (to another server). */
  goingAway: 1001,
} as const;

/**
 * Server → client frames:
 * - `{ type: 'ready', cursor }` after authentication; `cursor` = the event id to resume after;
 * - stored events go out in a commit-safe order that is not always the order of their ids: a client
 *   resumes (`since`) after the LAST id it received, not the largest;
 * - `{ type, id?, data }` an event (id absent for ephemeral events such as typing);
 * - `{ type: 'realtime.resync' }` too many events were missed: refetch everything.
 */
export interface RealtimeServerFrame {
  type: string;
  id?: number;
  cursor?: number;
  data?: Record<string, unknown>;
}

export const REALTIME_RESYNC = 'realtime.resync';

/**
 * Event types and their ids-only data, typed once. Areas add their line here.
 * (Chat events carry the re-read message for each recipient: see the chat resolver.)
 */
export interface RealtimeEvents {
  'agenda.changed': { appointmentId: string; practitionerId: string | null };
  'notes.reminder': { noteId: string };
  'chat.message': { chatId: string; messageId: string };
  'chat.read': { chatId: string; userId: string; messageId: string };
  'chat.typing': { chatId: string; userId: string };
  /** Published by the server (ids only); clients receive them gathered as `chat.statuses`. */
  'chat.status': { userId: string };
  /** Server → client only: the status changes of the last ~250 ms this user may see (presence). */
  'chat.statuses': { statuses: StatusChange[] };
  'chat.chat': { chatId: string };
  /** A patient flagged an access, or an administrator answered a flag: the lists refetch. */
  'records.flag': { flagId: string };
  /** A patient's sport program was assigned, changed or archived: the patient's screen refetches. */
  'sport.program': { programId: string };
  /** A téléconsultation's state changed (waiting, admitted, joined, left, ended): its participants refetch it. */
  'video.call': { callId: string; appointmentId: string };
  /** A signalling message for one participant; pushed with its re-read content (from, kind, sdp or candidate). */
  'video.signal': { callId: string; signalId: string };
}

export type RealtimeType = keyof RealtimeEvents;

/** One user's status as their contacts see it (a user without a socket anywhere is 'offline'). */
export interface StatusChange {
  userId: string;
  status: 'online' | 'away' | 'dnd' | 'offline';
  mood: string;
}
