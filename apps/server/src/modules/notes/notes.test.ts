import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTE_LIMITS, NOTE_MESSAGES } from '@wellbe/shared/schemas/notes';
import { createTestApp, json, type Session, type TestApp } from '../../../test/helpers.ts';
import { whileHeld } from '../../../test/locks.ts';
import { auditEvents, noteLabels, patients, realtimeEvents } from '../../db/tables.ts';
import { dispatchDueReminders } from './notes.service.ts';

// Private notes, labels, search, reminders (fake clock), the patient link (journalled) and the
// quick panel of SPEC §1 / §3.

let t: TestApp;
let pr: Session;
let pa: Session;
let pr2: Session;

const post = (s: Session, url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: s.auth, payload: payload as object });
const patch = (s: Session, url: string, payload: unknown) => t.app.inject({ method: 'PATCH', url, headers: s.auth, payload: payload as object });
const get = (s: Session, url: string) => t.app.inject({ method: 'GET', url, headers: s.auth });
const del = (s: Session, url: string) => t.app.inject({ method: 'DELETE', url, headers: s.auth });

beforeAll(async () => {
  t = await createTestApp();
  [pr, pa, pr2] = await Promise.all([t.login('pr'), t.login('pa'), t.login('pr2')]);
});
afterAll(async () => {
  await t.close();
});

describe('private notes', () => {
  it('creates a checklist with a label; nobody else reads, changes or deletes it (404)', async () => {
    const label = json(await post(pr, '/api/notes/labels', { name: 'Réunions' })).data;
    expect(label.handle).toBe('reunions');
    const res = await post(pr, '/api/notes', { title: 'Préparer la réunion', kind: 'checklist', items: [{ text: 'Ordre du jour', done: false }, { text: 'Salle', done: true }], labelIds: [label.id], colour: 'blue' });
    expect(res.statusCode, res.body).toBe(201);
    const note = json(res).data;
    expect(note.labels).toEqual([{ id: label.id, name: 'Réunions', handle: 'reunions' }]);
    expect(note.items).toEqual([{ text: 'Ordre du jour', done: false }, { text: 'Salle', done: true }]);

    for (const other of [pa, pr2]) {
      expect((await get(other, `/api/notes/${note.id}`)).statusCode).toBe(404);
      expect((await patch(other, `/api/notes/${note.id}`, { title: 'Piraté' })).statusCode).toBe(404);
      expect((await del(other, `/api/notes/${note.id}`)).statusCode).toBe(404);
      const list = json(await get(other, '/api/notes')).data.notes as { id: string }[];
      expect(list.map((n) => n.id)).not.toContain(note.id);
    }
    expect(json(await get(pr, `/api/notes/${note.id}`)).data.title).toBe('Préparer la réunion');

    // Ticking an item, then archiving: the note moves from Notes to Archives.
    const ticked = json(await patch(pr, `/api/notes/${note.id}`, { items: [{ text: 'Ordre du jour', done: true }, { text: 'Salle', done: true }] })).data;
    expect(ticked.items.every((i: { done: boolean }) => i.done)).toBe(true);
    expect(json(await get(pr, `/api/notes?filter=label&labelId=${label.id}`)).data.notes.map((n: { id: string }) => n.id)).toEqual([note.id]);
    await patch(pr, `/api/notes/${note.id}`, { archived: true });
    expect(json(await get(pr, '/api/notes')).data.notes.map((n: { id: string }) => n.id)).not.toContain(note.id);
    expect(json(await get(pr, '/api/notes?filter=archive')).data.notes.map((n: { id: string }) => n.id)).toContain(note.id);
  });

  it('refuses an empty note and one over 20,000 characters, in French; stores HTML as text', async () => {
    const empty = await post(pr, '/api/notes', { title: '  ', content: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).error.message).toBe(NOTE_MESSAGES.empty);
    const emptyList = await post(pr, '/api/notes', { kind: 'checklist', items: [{ text: ' ', done: false }] });
    expect(json(emptyList).error.message).toBe(NOTE_MESSAGES.empty);
    const long = await post(pr, '/api/notes', { content: 'a'.repeat(NOTE_LIMITS.contentMax + 1) });
    expect(long.statusCode).toBe(400);
    expect(json(long).error.message).toBe(NOTE_MESSAGES.contentTooLong);
    expect((await post(pr, '/api/notes', { content: 'a'.repeat(NOTE_LIMITS.contentMax) })).statusCode).toBe(201);
    // A title over the limit is refused with the limit named, never stored cut (created or edited).
    const longTitle = 'T'.repeat(NOTE_LIMITS.titleMax + 1);
    const titled = await post(pr, '/api/notes', { title: longTitle });
    expect(titled.statusCode).toBe(400);
    expect(json(titled).error.message).toBe(`Le titre ne peut pas dépasser ${NOTE_LIMITS.titleMax} caractères.`);
    const kept = json(await post(pr, '/api/notes', { title: 'Titre court' })).data;
    expect((await patch(pr, `/api/notes/${kept.id}`, { title: longTitle })).statusCode).toBe(400);
    expect(json(await get(pr, `/api/notes/${kept.id}`)).data.title).toBe('Titre court');
    expect(json(await get(pr, '/api/notes?q=TTTTTTTTTT')).data.notes).toEqual([]);
    const html = json(await post(pr, '/api/notes', { title: '<img src=x onerror=alert(1)>', content: '<script>alert(1)</script>' })).data;
    expect(html.title).toBe('<img src=x onerror=alert(1)>');
    expect(html.content).toBe('<script>alert(1)</script>');
  });

  it('finds notes without accents or case, only among the caller’s own', async () => {
    const mine = json(await post(pr, '/api/notes', { title: 'Échographie abdominale', content: 'Demander le compte rendu à l’Hôpital.' })).data;
    await post(pa, '/api/notes', { title: 'Échographie de Mme Dupont' });
    const found = json(await get(pr, `/api/notes?q=${encodeURIComponent('ECHOGRAPHIE hopital')}`)).data.notes;
    expect(found.map((n: { id: string }) => n.id)).toEqual([mine.id]);
    expect(json(await get(pr, '/api/notes?q=zzzz')).data.notes).toEqual([]);
  });

  it('keeps a ticked item when a pin from another tab is saved just after, and the search still finds the items', async () => {
    const items = [{ text: 'Commander les vaccins', done: false }, { text: 'Rappeler le laboratoire', done: false }];
    const note = json(await post(pr, '/api/notes', { title: 'À faire', kind: 'checklist', items })).data;
    const ticked = [{ ...items[0], done: true }, items[1]];
    // Both tabs read the note before either saves; the row is held so that the tick is saved first.
    const answers = await whileHeld(t.handle.pool, (c) => c.query('select 1 from notes where id = $1 for update', [note.id]), [
      () => patch(pr, `/api/notes/${note.id}`, { items: ticked }),
      () => patch(pr, `/api/notes/${note.id}`, { pinned: true }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(json(await get(pr, `/api/notes/${note.id}`)).data).toMatchObject({ items: ticked, pinned: true, title: 'À faire' });
    expect(json(await get(pr, '/api/notes?q=vaccins')).data.notes.map((n: { id: string }) => n.id)).toEqual([note.id]);
  });
});

describe('labels', () => {
  it('renames and deletes a label (its notes stay); refuses duplicates, another user’s label and the 201st', async () => {
    const label = json(await post(pa, '/api/notes/labels', { name: 'Idées' })).data;
    expect((await post(pa, '/api/notes/labels', { name: 'IDEES' })).statusCode).toBe(409);
    const note = json(await post(pa, '/api/notes', { title: 'Salle d’attente', labelIds: [label.id] })).data;
    // pr cannot use, rename, filter by or delete pa's label.
    expect((await post(pr, '/api/notes', { title: 'x', labelIds: [label.id] })).statusCode).toBe(404);
    expect((await patch(pr, `/api/notes/labels/${label.id}`, { name: 'Volé' })).statusCode).toBe(404);
    expect((await get(pr, `/api/notes?filter=label&labelId=${label.id}`)).statusCode).toBe(404);
    expect((await del(pr, `/api/notes/labels/${label.id}`)).statusCode).toBe(404);

    expect(json(await patch(pa, `/api/notes/labels/${label.id}`, { name: 'Idées du cabinet' })).data.handle).toBe('idees-du-cabinet');
    expect((await del(pa, `/api/notes/labels/${label.id}`)).statusCode).toBe(204);
    const after = json(await get(pa, `/api/notes/${note.id}`)).data;
    expect(after.title).toBe('Salle d’attente');
    expect(after.labels).toEqual([]);

    const count = json(await get(pa, '/api/notes/labels')).data.length;
    await t.ctx.db.insert(noteLabels).values(Array.from({ length: NOTE_LIMITS.labelsPerUser - count - 1 }, (_, i) => ({ userId: pa.id, name: `L${i}`, nameKey: `l${i}` })));
    expect((await post(pa, '/api/notes/labels', { name: 'Le deux-centième' })).statusCode).toBe(201);
    const over = await post(pa, '/api/notes/labels', { name: 'De trop' });
    expect(over.statusCode).toBe(409);
    expect(json(over).error.message).toBe(NOTE_MESSAGES.tooManyLabels);
  });

  it('counts two labels created at once one after the other: the 200th is created, the 201st refused', async () => {
    await t.ctx.db.insert(noteLabels).values(Array.from({ length: NOTE_LIMITS.labelsPerUser - 1 }, (_, i) => ({ userId: pr2.id, name: `L${i}`, nameKey: `l${i}` })));
    // Both requests start while the author's row is held: neither may count before the other inserted.
    const [first, second] = await whileHeld(t.handle.pool, (c) => c.query('select 1 from users where id = $1 for update', [pr2.id]), [
      () => post(pr2, '/api/notes/labels', { name: 'Premier' }),
      () => post(pr2, '/api/notes/labels', { name: 'Second' }),
    ]);
    expect([first!.statusCode, second!.statusCode]).toEqual([201, 409]);
    expect(json(second!).error.message).toBe(NOTE_MESSAGES.tooManyLabels);
    expect(json(await get(pr2, '/api/notes/labels')).data).toHaveLength(NOTE_LIMITS.labelsPerUser);
  });
});

describe('patient link and roles', () => {
  it('journals the link and every read of a linked note; another organisation’s patient is 404', async () => {
    const [helene] = await t.ctx.db.select().from(patients).where(eq(patients.fullName, 'Hélène Martin'));
    const [mathilde] = await t.ctx.db.select().from(patients).where(eq(patients.fullName, 'Mathilde Renaud'));
    const note = json(await post(pr, '/api/notes', { title: 'À revoir', patientId: helene.id })).data;
    expect(note.patient).toEqual({ id: helene.id, fullName: 'Hélène Martin' });
    await get(pr, `/api/notes/${note.id}`);
    const events = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.patientId, helene.id), eq(auditEvents.userId, pr.id)));
    expect(events.map((e) => e.action)).toEqual(expect.arrayContaining(['note.link', 'note.read']));
    expect(json(await get(pr, `/api/notes?patientId=${helene.id}`)).data.notes.map((n: { id: string }) => n.id)).toEqual([note.id]);

    expect((await post(pr, '/api/notes', { title: 'x', patientId: mathilde.id })).statusCode).toBe(404);
    const rh = await t.login('rh');
    const refused = await post(rh, '/api/notes', { title: 'x', patientId: helene.id });
    expect(refused.statusCode).toBe(403);
    expect(json(refused).error.message).toBe(NOTE_MESSAGES.patientLinkForbidden);
    expect((await post(rh, '/api/notes', { title: 'Entretiens annuels' })).statusCode).toBe(201);
  });

  it('lets a patient keep notes; refuses roles outside the note group', async () => {
    const pt = await t.login('pt');
    expect((await post(pt, '/api/notes', { title: 'Questions pour le Dr Moreau', kind: 'checklist', items: [{ text: 'Reprise du sport ?', done: false }] })).statusCode).toBe(201);
    const us = await t.login('us');
    expect((await post(us, '/api/notes', { title: 'x' })).statusCode).toBe(403);
    // The quick panel answers everyone, empty for those without notes.
    expect(json(await get(us, '/api/quick-panel/data'))).toMatchObject({ notes: [], events: [] });
  });
});

describe('reminders and the quick panel', () => {
  it('fires a reminder once at its time (mail when asked) and shows it in the quick panel', async () => {
    // 10:00 in Paris on a fixed day, so that "today" is the same day for the whole test.
    t.clock.advance(Date.parse('2030-03-12T09:00:00Z') - t.clock.now());
    let de = await t.login('de');
    const at = new Date(t.clock.now() + 60 * 60_000).toISOString();
    const note = json(await post(de, '/api/notes', { title: 'Appeler le laboratoire', reminderAt: at, reminderMail: true, pinned: true })).data;
    expect(note.reminderSentAt).toBeNull();

    const panel = json(await get(de, '/api/quick-panel/data'));
    expect(panel.events).toEqual([{ id: note.id, title: 'Appeler le laboratoire', detail: 'Rappel 11:00' }]);
    expect(panel.notes).toContainEqual({ id: note.id, title: 'Appeler le laboratoire', detail: '' });
    for (const item of [...panel.events, ...panel.notes]) expect(Object.keys(item).sort()).toEqual(['detail', 'id', 'title']);
    expect(panel.reminders).toEqual([{ id: note.id, at, due: false }]);

    const before = t.mails.length;
    // Due in an hour: the job takes nothing yet; other users' older reminders may fire here.
    await dispatchDueReminders(t.ctx);
    expect(json(await get(de, `/api/notes/${note.id}`)).data.reminderSentAt).toBeNull();
    t.clock.advance(61 * 60_000);
    de = await t.login('de');
    await dispatchDueReminders(t.ctx);
    await t.drain();
    const sent = t.mails.slice(before).filter((m) => m.to === 'de@demo.wellbe.fr');
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe('Rappel : Appeler le laboratoire');
    expect(sent[0].text).toContain(`/notes/${note.id}`);
    expect(json(await get(de, `/api/notes/${note.id}`)).data.reminderSentAt).not.toBeNull();
    // Pushed to the author's open tabs only, with the note's id alone.
    const pushed = (await t.ctx.db.select().from(realtimeEvents).where(eq(realtimeEvents.type, 'notes.reminder'))).filter((e) => (e.data as { noteId: string }).noteId === note.id);
    expect(pushed.map((e) => ({ userIds: e.userIds, data: e.data }))).toEqual([{ userIds: [de.id], data: { noteId: note.id } }]);
    expect(json(await get(de, '/api/quick-panel/data')).reminders).toEqual([{ id: note.id, at, due: true }]);

    // Exactly once: the next runs send nothing more.
    await dispatchDueReminders(t.ctx);
    await t.drain();
    expect(t.mails.slice(before).filter((m) => m.to === 'de@demo.wellbe.fr')).toHaveLength(1);

    // A new time fires again; the reminders filter lists it.
    const later = new Date(t.clock.now() + 30 * 60_000).toISOString();
    expect(json(await patch(de, `/api/notes/${note.id}`, { reminderAt: later })).data.reminderSentAt).toBeNull();
    expect(json(await get(de, '/api/notes?filter=reminders')).data.notes.map((n: { id: string }) => n.id)).toEqual([note.id]);
    // Tomorrow the reminder is no longer today's event.
    t.clock.advance(24 * 3600_000);
    const tomorrow = await t.login('de');
    expect(json(await get(tomorrow, '/api/quick-panel/data')).events).toEqual([]);
  });
});
