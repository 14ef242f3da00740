import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localParts } from '@wellbe/shared/domain/zoned';
import { AGENDA_MESSAGES } from '@wellbe/shared/schemas/agenda';
import { json } from '../../../test/helpers.ts';
import { appointments, auditEvents } from '../../db/tables.ts';
import { agendaKit, at, TZ, type AgendaKit } from './agenda.test-kit.ts';

// Who may book what, and when: nobody books the past by mistake (a practitioner records a past
// visit on purpose, without a mail; a patient never), and the types offered and accepted are the
// practitioner's own (their job speciality's, or those for every speciality).

let k: AgendaKit;

beforeAll(async () => {
  k = await agendaKit(['pr', 'di', 'ad', 'pt']);
});
afterAll(async () => {
  await k.t.close();
});

const count = async (practitioner: string) => (await k.t.ctx.db.select().from(appointments).where(eq(appointments.practitionerId, k.s[practitioner]!.id))).length;
const mailsTo = (address: string) => k.t.mails.filter((m) => m.to === address).length;
const HELENE = 'helene.martin@exemple.fr';

describe('the past', () => {
  it('a staff booking that starts in the past is refused in French, creates nothing and mails nobody', async () => {
    const day = k.monday(-2);
    const before = await count('pr');
    const mails = mailsTo(HELENE);
    for (const who of ['pr', 'ad']) {
      const res = await k.post(who, '/api/agenda/appointments', { practitionerId: k.s.pr!.id, patientId: k.patientId, typeId: k.typeId('Consultation'), startsAt: at(day, '10:00'), endsAt: at(day, '10:30') });
      expect(res.statusCode, res.body).toBe(400);
      expect(json(res).error.message).toBe(AGENDA_MESSAGES.pastBooking);
    }
    // One minute ago is the past too: the start is what counts.
    const now = k.t.clock.now();
    const justGone = await k.post('pr', '/api/agenda/appointments', { practitionerId: k.s.pr!.id, title: 'Réunion', startsAt: new Date(now - 60_000).toISOString(), endsAt: new Date(now + 3600_000).toISOString() });
    expect(json(justGone).error.message).toBe(AGENDA_MESSAGES.pastBooking);
    const hold = await k.post('pr', '/api/agenda/holds', { practitionerId: k.s.pr!.id, startsAt: at(day, '11:00'), endsAt: at(day, '11:30') });
    expect(hold.statusCode).toBe(400);
    expect(json(hold).error.message).toBe(AGENDA_MESSAGES.inPast);
    expect(await count('pr')).toBe(before);
    await k.t.drain();
    expect(mailsTo(HELENE)).toBe(mails);
  });

  it('a past visit is recorded on purpose: confirmed without a mail, then honoured as usual; the flag on a future start is refused', async () => {
    const day = k.monday(-2, 1);
    const mails = mailsTo(HELENE);
    const res = await k.post('pr', '/api/agenda/appointments', { practitionerId: k.s.pr!.id, patientId: k.patientId, typeId: k.typeId('Consultation'), startsAt: at(day, '10:00'), endsAt: at(day, '10:30'), pastVisit: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).data).toMatchObject({ status: 'confirmé', patientName: 'Hélène Martin', startsAt: at(day, '10:00') });
    const [journal] = await k.t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'appointment.create'), eq(auditEvents.recordId, json(res).data.id)));
    expect(journal!.details).toMatchObject({ pastVisit: true, after: { status: 'confirmé' } });
    await k.t.drain();
    expect(mailsTo(HELENE)).toBe(mails);
    // Correcting its time afterwards mails nobody either.
    expect((await k.patch('pr', `/api/agenda/appointments/${json(res).data.id}`, { startsAt: at(day, '10:15') })).statusCode).toBe(200);
    expect(json(await k.post('pr', `/api/agenda/appointments/${json(res).data.id}/status`, { status: 'honoré' })).data.status).toBe('honoré');
    await k.t.drain();
    expect(mailsTo(HELENE)).toBe(mails);

    const before = await count('pr');
    const future = k.monday(3);
    const wrong = await k.post('pr', '/api/agenda/appointments', { practitionerId: k.s.pr!.id, patientId: k.patientId, startsAt: at(future, '10:00'), endsAt: at(future, '10:30'), pastVisit: true });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).error.message).toBe(AGENDA_MESSAGES.pastVisitFuture);
    expect(await count('pr')).toBe(before);
  });

  it('a patient never books the past: a waitlist offer accepted once its slot has started is refused and books nothing', async () => {
    // A slot of `di` (no demo appointments) starting in an hour, whatever the hour now.
    const startsAt = new Date(Math.ceil((k.t.clock.now() + 3600_000) / 60_000) * 60_000);
    const day = localParts(startsAt, TZ).day;
    const taken = await k.post('di', '/api/agenda/appointments', { practitionerId: k.s.di!.id, patientId: k.patientId, startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 30 * 60_000).toISOString() });
    expect(taken.statusCode, taken.body).toBe(201);
    expect((await k.post('pt', '/api/appointments/waitlist', { practitionerId: k.s.di!.id, fromDay: day, toDay: day })).statusCode).toBe(201);
    await k.post('di', `/api/agenda/appointments/${json(taken).data.id}/cancel`, { reason: 'Patient excusé' });
    const offer = k.t.mails.at(-1)!;
    expect(offer.to).toBe('lucas.bernard@exemple.fr');
    const token = /offre=([A-Za-z0-9_-]+)/.exec(offer.text)![1]!;

    // The offer is valid two hours; the slot started half an hour ago.
    await k.advance(90 * 60_000);
    const before = await count('di');
    const late = await k.post('pt', '/api/appointments/offers/accept', { token });
    expect(late.statusCode).toBe(409);
    expect(json(late).error.message).toBe(AGENDA_MESSAGES.offerInvalid);
    expect(await count('di')).toBe(before);
  });
});

describe('each practitioner’s own types', () => {
  const labels = (types: { label: string }[]) => types.map((x) => x.label);

  it('the booking lists offer a general practitioner no “Bilan diététique”, and the dietitian theirs', async () => {
    const ofPr = labels(json(await k.get('ad', `/api/agenda/types?practitionerId=${k.s.pr!.id}`)).data);
    expect(ofPr).toEqual(expect.arrayContaining(['Consultation', 'Téléconsultation']));
    expect(ofPr).not.toContain('Bilan diététique');
    expect(labels(json(await k.get('ad', `/api/agenda/types?practitionerId=${k.s.di!.id}`)).data)).toEqual(expect.arrayContaining(['Consultation', 'Bilan diététique']));
    // Without a practitioner: every type of the organisation (the types' settings tab).
    expect(labels(json(await k.get('ad', '/api/agenda/types')).data)).toContain('Bilan diététique');
    expect((await k.get('ad', '/api/agenda/types?practitionerId=not-a-uuid')).statusCode).toBe(400);

    const options = json(await k.get('pt', '/api/appointments/options')).data as { practitioners: { id: string; typeIds: string[] }[] };
    const typeIds = (who: string) => options.practitioners.find((p) => p.id === k.s[who]!.id)!.typeIds;
    expect(typeIds('pr')).toContain(k.typeId('Consultation'));
    expect(typeIds('pr')).not.toContain(k.typeId('Bilan diététique'));
    expect(typeIds('di')).toContain(k.typeId('Bilan diététique'));
  });

  it('a type that is not the practitioner’s is refused in French on every booking path, and changes nothing', async () => {
    const day = k.monday(4);
    const bilan = k.typeId('Bilan diététique');
    const before = await count('pr');
    const refused = [
      await k.post('ad', '/api/agenda/appointments', { practitionerId: k.s.pr!.id, patientId: k.patientId, typeId: bilan, startsAt: at(day, '09:00'), endsAt: at(day, '10:00') }),
      await k.post('pt', '/api/appointments', { practitionerId: k.s.pr!.id, typeId: bilan, startsAt: at(day, '09:00') }),
      await k.get('pt', `/api/appointments/slots?practitionerId=${k.s.pr!.id}&typeId=${bilan}&from=${day}`),
      await k.get('pr', `/api/agenda/slots?practitionerId=${k.s.pr!.id}&typeId=${bilan}&from=${day}`),
      await k.post('pt', '/api/appointments/waitlist', { practitionerId: k.s.pr!.id, typeId: bilan, fromDay: day, toDay: day }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(400);
      expect(json(res).error.message).toBe(AGENDA_MESSAGES.typeNotForPractitioner);
    }
    expect(await count('pr')).toBe(before);
    expect(json(await k.get('pt', '/api/appointments/waitlist')).data.filter((w: { practitionerId: string }) => w.practitionerId === k.s.pr!.id)).toEqual([]);

    // The dietitian's own: booked; moved into the GP's agenda, or given the type there, refused.
    const ok = await k.post('ad', '/api/agenda/appointments', { practitionerId: k.s.di!.id, patientId: k.patientId, typeId: bilan, startsAt: at(day, '14:00'), endsAt: at(day, '15:00') });
    expect(ok.statusCode, ok.body).toBe(201);
    const id = json(ok).data.id;
    const move = await k.patch('ad', `/api/agenda/appointments/${id}`, { practitionerId: k.s.pr!.id });
    expect(move.statusCode).toBe(400);
    expect(json(move).error.message).toBe(AGENDA_MESSAGES.typeNotForPractitioner);
    const other = json(await k.post('pr', '/api/agenda/appointments', { practitionerId: k.s.pr!.id, patientId: k.patientId, typeId: k.typeId('Consultation'), startsAt: at(day, '16:00'), endsAt: at(day, '16:30') })).data;
    expect((await k.patch('pr', `/api/agenda/appointments/${other.id}`, { typeId: bilan })).statusCode).toBe(400);
    const [row] = await k.t.ctx.db.select().from(appointments).where(and(eq(appointments.id, id), eq(appointments.practitionerId, k.s.di!.id)));
    expect(row?.typeId).toBe(bilan);
    expect(json(await k.get('pr', `/api/agenda/appointments/${other.id}`)).data.typeLabel).toBe('Consultation');
  });
});
