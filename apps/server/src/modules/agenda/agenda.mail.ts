import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { initialsOf, type AppointmentStatus } from '@wellbe/shared/schemas/agenda';
import { localParts } from '@wellbe/shared/domain/zoned';
import type { Mail } from '../../lib/mailer.ts';
import type { AppointmentRow } from './agenda.repository.ts';

// Appointment mails in French, with the appointment as an .ics attachment (ical-generator), and
// the practitioner's private iCal feed (initials only: the feed leaves the practice's control).

function when(d: Date, timeZone: string): string {
  const p = localParts(d, timeZone);
  const [y, m, day] = p.day.split('-');
  return `${day}/${m}/${y} à ${p.time}`;
}

const SUBJECTS = {
  confirmation: 'Confirmation de votre rendez-vous du',
  change: 'Modification de votre rendez-vous : désormais le',
  cancel: 'Annulation de votre rendez-vous du',
  reminder: 'Rappel : votre rendez-vous du',
} as const;

/** What the mails need besides the appointment: the organisation's zone and name, the links, the sender. */
export interface MailContext {
  timeZone: string;
  organisationName: string;
  publicUrl: string;
  /** The configured sender ('WellBe <no-reply@…>'): the ORGANIZER's address, as the mail's From. */
  mailFrom: string;
}

const PROD_ID = { company: 'WellBe', product: 'agenda', language: 'FR' };

/** The address of a sender written 'Name <address>' (or a bare address). */
function addressOf(sender: string): string {
  return (/<([^<>\s]+)>\s*$/.exec(sender)?.[1] ?? sender).trim();
}

/**
 * What every VEVENT of the product carries, mail or feed: one UID per appointment, the revision
 * (SEQUENCE, kept by the appointments_sequence trigger) and DTSTAMP at the appointment's last
 * change, never the time of the request: the same revision always gives the same text (so the
 * feed's ETag holds), and a newer one always a higher SEQUENCE.
 */
function revision(row: AppointmentRow) {
  return { id: `${row.id}@wellbe`, start: row.startsAt, end: row.endsAt, stamp: row.updatedAt, lastModified: row.updatedAt, created: row.createdAt, sequence: row.sequence };
}

/**
 * The .ics attached to a patient's mail: an iTIP REQUEST (booked, moved, reminded) or CANCEL
 * (RFC 5546 §3.2.2, §3.2.5: ORGANIZER and ATTENDEE required). The organizer is the practitioner,
 * at the address the mail comes from (no practitioner's address leaves the practice, and the
 * client sees the invitation's sender match its organizer); the attendee is the patient, already
 * accepted, no answer expected.
 */
export function appointmentIcs(row: AppointmentRow, mail: MailContext, cancelled: boolean): string {
  const cal = ical({ name: mail.organisationName || 'WellBe', prodId: PROD_ID });
  cal.method(cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST);
  cal.createEvent({
    ...revision(row),
    summary: `Rendez-vous avec ${row.practitionerName ?? ''}`.trim(),
    location: row.teleconsultation ? 'Téléconsultation' : (row.location ?? mail.organisationName),
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: row.practitionerName || mail.organisationName || 'WellBe', email: addressOf(mail.mailFrom) },
    attendees: [{ name: row.patientName ?? undefined, email: row.patientEmail!, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED, rsvp: false }],
  });
  return cal.toString();
}

export function appointmentMail(row: AppointmentRow, kind: keyof typeof SUBJECTS, mail: MailContext): Mail {
  const { organisationName, publicUrl } = mail;
  const at = when(row.startsAt, mail.timeZone);
  const lines = [
    'Bonjour,',
    '',
    kind === 'confirmation'
      ? `Votre rendez-vous avec ${row.practitionerName} est confirmé le ${at}.`
      : kind === 'change'
        ? `Votre rendez-vous avec ${row.practitionerName} a été déplacé au ${at}.`
        : kind === 'cancel'
          ? `Votre rendez-vous avec ${row.practitionerName} du ${at} est annulé${row.cancelReason ? ` (motif : ${row.cancelReason})` : ''}.`
          : `Nous vous rappelons votre rendez-vous avec ${row.practitionerName} le ${at}.`,
    row.typeLabel ? `Motif : ${row.typeLabel}` : '',
    row.teleconsultation ? 'Il aura lieu en téléconsultation.' : row.location ? `Lieu : ${row.location}` : '',
    // The link asks them to sign in; the button opens 15 minutes before the appointment.
    row.teleconsultation && kind !== 'cancel' ? `Rejoindre la téléconsultation (à partir de 15 minutes avant, après connexion) : ${publicUrl}/teleconsultation/${row.id}` : '',
    '',
    `Vos rendez-vous : ${publicUrl}/appointment`,
    '',
    organisationName || 'WellBe',
  ].filter((l, i, all) => l !== '' || all[i - 1] !== '');
  return {
    to: row.patientEmail!,
    subject: `${SUBJECTS[kind]} ${at}`,
    text: lines.join('\n'),
    attachments: [{ filename: 'rendez-vous.ics', content: appointmentIcs(row, mail, kind === 'cancel'), contentType: `text/calendar; charset=utf-8; method=${kind === 'cancel' ? 'CANCEL' : 'REQUEST'}` }],
  };
}

/**
 * How each status reads in a calendar (RFC 5545 VEVENT STATUS). A Record over every status: a new
 * one cannot be added without deciding how the feed shows it. null: never in the feed.
 */
export const FEED_STATUS: Record<AppointmentStatus, ICalEventStatus | null> = {
  provisoire: null,
  demandé: ICalEventStatus.TENTATIVE,
  confirmé: ICalEventStatus.CONFIRMED,
  // It took place.
  honoré: ICalEventStatus.CONFIRMED,
  // The patient did not come: the appointment did not take place, the slot was free.
  absent: ICalEventStatus.CANCELLED,
  annulé: ICalEventStatus.CANCELLED,
};

/** The private feed (agenda.service's icalFeed picks the rows): the patient's initials only, no note. */
export function feedIcs(rows: AppointmentRow[], practitionerName: string): string {
  const cal = ical({ name: `WellBe — ${practitionerName}`, prodId: PROD_ID });
  for (const r of rows) {
    const status = FEED_STATUS[r.status as AppointmentStatus];
    if (!status) continue;
    cal.createEvent({
      ...revision(r),
      summary: [r.patientName ? initialsOf(r.patientName) : r.title ? 'Indisponible' : 'Rendez-vous', r.typeLabel, r.status === 'absent' ? 'absent' : null].filter(Boolean).join(' — '),
      status,
    });
  }
  return cal.toString();
}
