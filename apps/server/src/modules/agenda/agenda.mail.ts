import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { initialsOf } from '@wellbe/shared/schemas/agenda';
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

export function appointmentIcs(row: AppointmentRow, organisationName: string, cancelled: boolean): string {
  const cal = ical({ name: organisationName || 'WellBe', prodId: { company: 'WellBe', product: 'agenda', language: 'FR' } });
  cal.method(cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST);
  cal.createEvent({
    id: `${row.id}@wellbe`,
    start: row.startsAt,
    end: row.endsAt,
    summary: `Rendez-vous avec ${row.practitionerName ?? ''}`.trim(),
    location: row.teleconsultation ? 'Téléconsultation' : (row.location ?? organisationName),
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return cal.toString();
}

export function appointmentMail(row: AppointmentRow, kind: keyof typeof SUBJECTS, timeZone: string, organisationName: string, publicUrl: string): Mail {
  const at = when(row.startsAt, timeZone);
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
    '',
    `Vos rendez-vous : ${publicUrl}/appointment`,
    '',
    organisationName || 'WellBe',
  ].filter((l, i, all) => l !== '' || all[i - 1] !== '');
  return {
    to: row.patientEmail!,
    subject: `${SUBJECTS[kind]} ${at}`,
    text: lines.join('\n'),
    attachments: [{ filename: 'rendez-vous.ics', content: appointmentIcs(row, organisationName, kind === 'cancel'), contentType: `text/calendar; charset=utf-8; method=${kind === 'cancel' ? 'CANCEL' : 'REQUEST'}` }],
  };
}

/** The private feed: −30..+180 days, the patient's initials only, no note. */
export function feedIcs(rows: AppointmentRow[], practitionerName: string): string {
  const cal = ical({ name: `WellBe — ${practitionerName}`, prodId: { company: 'WellBe', product: 'agenda', language: 'FR' } });
  for (const r of rows) {
    cal.createEvent({
      id: `${r.id}@wellbe`,
      start: r.startsAt,
      end: r.endsAt,
      summary: [r.patientName ? initialsOf(r.patientName) : r.title ? 'Indisponible' : 'Rendez-vous', r.typeLabel].filter(Boolean).join(' — '),
      status: r.status === 'demandé' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    });
  }
  return cal.toString();
}
