import { z } from 'zod';
import { uuidId } from './fields.ts';
import { dataAnswer, idString, instant } from './responses.ts';
import { VIDEO_LIMITS } from '../domain/video.ts';

// Téléconsultation (video visits from an appointment): the rules both sides share. The media go
// browser to browser (WebRTC); the server only carries the signalling, through /api/ws, and
// decides who may join, when, and with which short-lived call token.

// The limits and the call's window live in domain/video.ts, without zod: the dashboard's cards
// show the join button (issue 31, bundle-budget.test.ts).
export { VIDEO_LIMITS, videoWindow } from '../domain/video.ts';

export const VIDEO_MESSAGES = {
  notFound: 'Téléconsultation introuvable.',
  notTeleconsultation: 'Ce rendez-vous n’a pas lieu en téléconsultation.',
  notParticipant: 'Vous ne participez pas à cette téléconsultation.',
  tooEarly: 'La téléconsultation ouvre 15 minutes avant le rendez-vous.',
  closed: 'Cette téléconsultation est terminée : elle fermait 2 heures après la fin du rendez-vous.',
  cancelled: 'Ce rendez-vous est annulé : la téléconsultation n’a pas lieu.',
  ended: 'Cette téléconsultation est terminée.',
  consentRequired: 'Acceptez les conditions de la téléconsultation pour la rejoindre.',
  tokenInvalid: 'Jeton d’appel invalide : rejoignez la téléconsultation à nouveau.',
  tokenExpired: 'Jeton d’appel expiré : rejoignez la téléconsultation à nouveau.',
  tokenReplayed: 'Ce jeton d’appel a déjà servi : rejoignez la téléconsultation à nouveau.',
  notAdmitted: 'Votre praticien ne vous a pas encore admis : patientez dans la salle d’attente.',
  nobodyWaiting: 'Le patient n’est pas dans la salle d’attente.',
  hostOnly: 'Seul le praticien du rendez-vous peut faire cela.',
  colleagueLimit: 'Un seul confrère peut être invité à une téléconsultation.',
  colleagueNotFound: 'Confrère introuvable dans votre organisation.',
  superseded: 'Vous avez rejoint la téléconsultation depuis un autre onglet ou appareil : celui-ci est déconnecté.',
  tooManySignals: 'Trop de messages de signalisation : patientez une minute.',
} as const;

/** What the patient accepts at their first join (recorded and journalled). */
export const VIDEO_CONSENT_TEXT =
  'J’accepte que cette consultation ait lieu en vidéo. L’image et le son passent directement entre mon appareil et celui de mon praticien ; rien n’est enregistré.';

export const videoTokenInput = z.object({ consent: z.boolean().optional() });
export const videoJoinInput = z.object({ token: z.string().min(1).max(1000) });
export const videoInviteInput = z.object({ userId: uuidId() });
export const videoAppointmentParams = z.object({ appointmentId: uuidId() });

/** An ICE server as RTCPeerConnection takes it (coturn's REST credentials when a TURN secret is set). */
export const iceServerAnswer = z.object({ urls: z.array(z.string()), username: z.string().optional(), credential: z.string().optional() });

export const videoParticipantAnswer = z.object({
  userId: idString,
  name: z.string(),
  role: z.enum(['practitioner', 'patient', 'colleague']),
  /** Connected (a join seen within the reconnection delay, not left). */
  present: z.boolean(),
});

/** The call of an appointment as the caller sees it. */
export const videoCallAnswer = z.object({
  appointmentId: idString,
  callId: idString.nullable(),
  patientId: idString.nullable(),
  patientName: z.string().nullable(),
  practitionerId: idString,
  practitionerName: z.string(),
  startsAt: instant,
  endsAt: instant,
  myRole: z.enum(['practitioner', 'patient', 'colleague']),
  window: z.enum(['tooEarly', 'open', 'closed']),
  admitted: z.boolean(),
  ended: z.boolean(),
  durationSeconds: z.number().nullable(),
  /** The patient has accepted the video visit (once, at their first join). */
  consentGiven: z.boolean(),
  consentText: z.string(),
  participants: z.array(videoParticipantAnswer),
  /** The caller's newest join (null: never joined); a tab whose join is older was replaced by a newer one. */
  myJoinId: idString.nullable(),
});
export const videoCallResponse = dataAnswer(videoCallAnswer);
/** The call as the web reads it (instants as ISO strings). */
export type VideoCall = z.input<typeof videoCallAnswer>;
/** The call as the server answers it (instants as Dates). */
export type VideoCallState = z.output<typeof videoCallAnswer>;

export const videoTokenResponse = dataAnswer(z.object({ token: z.string(), expiresAt: instant }));
export const videoJoinResponse = dataAnswer(
  z.object({ joinId: idString, callId: idString, appointmentId: idString, iceServers: z.array(iceServerAnswer), call: videoCallAnswer }),
);
export const videoEndResponse = dataAnswer(z.object({ appointmentId: idString, patientId: idString.nullable(), durationSeconds: z.number(), status: z.string() }));

/** One signalling message, client → server (`video.signal` on /api/ws) and server → the one recipient. */
export const videoSignalFrame = z.object({
  callId: uuidId(),
  joinId: uuidId(),
  to: uuidId(),
  /** `hello`: I am here (with this join), start or restart the connection; `bye`: I leave. */
  kind: z.enum(['hello', 'offer', 'answer', 'candidate', 'bye']),
  sdp: z.string().max(VIDEO_LIMITS.maxSignalChars).optional(),
  candidate: z
    .object({
      candidate: z.string().max(2000),
      sdpMid: z.string().max(64).nullable().optional(),
      sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
    })
    .nullable()
    .optional(),
});
export type VideoSignalFrame = z.infer<typeof videoSignalFrame>;
