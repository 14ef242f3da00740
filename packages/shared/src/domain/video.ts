// Téléconsultation's limits and the call's window, apart from schemas/video.ts: the web's
// dashboard cards show 'Rejoindre la téléconsultation' from them, and a module that builds zod
// schemas would bring zod (24 KB) into those cards (issue 31, bundle-budget.test.ts).

export const VIDEO_LIMITS = {
  /** The call opens this many minutes before the appointment starts… */
  opensBeforeMinutes: 15,
  /** …and closes this many minutes after it ends. */
  closesAfterMinutes: 120,
  /** A call token is valid this long, and only once. */
  tokenSeconds: 60,
  /** A participant back within this delay (network drop, reload) needs no new admission. */
  reconnectSeconds: 120,
  /** An SDP or ICE candidate above this size is refused (a real offer is a few kilobytes). */
  maxSignalChars: 16_000,
  /** Signalling messages a participant may send per minute in one call (ICE gathering sends dozens). */
  signalsPerMinute: 240,
  /** The appointment's practitioner and patient, plus one invited colleague of the organisation. */
  maxColleagues: 1,
} as const;

/** Whether a call is open at `now` for an appointment of [startsAt, endsAt]: before, open or closed. */
export function videoWindow(startsAt: Date, endsAt: Date, now: Date): 'tooEarly' | 'open' | 'closed' {
  if (now.getTime() < startsAt.getTime() - VIDEO_LIMITS.opensBeforeMinutes * 60_000) return 'tooEarly';
  if (now.getTime() > endsAt.getTime() + VIDEO_LIMITS.closesAfterMinutes * 60_000) return 'closed';
  return 'open';
}
