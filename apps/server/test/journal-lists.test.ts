import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, chatConversations, patients } from '../src/db/tables.ts';
import { createTestApp, json, type Session, type TestApp } from './helpers.ts';

// DESIGN §4: a list or a panel that names patients (names, dates, the start of a message) is a
// read of their data: the journal has one row per patient named, and none when it names nobody.

let t: TestApp;
let pr: Session;
let pr2: Session;
let pa: Session;
let pt: Session;

beforeAll(async () => {
  t = await createTestApp();
  [pr, pr2, pa, pt] = await Promise.all([t.login('pr'), t.login('pr2'), t.login('pa'), t.login('pt')]);
});
afterAll(async () => {
  await t.close();
});

const get = (s: Session, url: string) => t.app.inject({ method: 'GET', url, headers: s.auth });

async function journal(who: Session, action: string) {
  return t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.userId, who.id), eq(auditEvents.action, action)));
}

async function patientId(fullName: string): Promise<string> {
  const [row] = await t.ctx.db.select({ id: patients.id }).from(patients).where(eq(patients.fullName, fullName));
  return row!.id;
}

describe('lists naming patients are journalled', () => {
  it('GET /api/sport-programs/inactive-patients: one row per patient listed', async () => {
    const listed = json(await get(pr, '/api/sport-programs/inactive-patients')).data as { idPatient: string; FullName: string }[];
    expect(listed.map((p) => p.FullName)).toContain('Hélène Martin');
    const rows = await journal(pr, 'sport.inactive.read');
    expect(rows.map((r) => r.patientId).sort()).toEqual([...new Set(listed.map((p) => p.idPatient))].sort());
    expect(rows.every((r) => r.outcome === 'success')).toBe(true);

    expect(json(await get(pr2, '/api/sport-programs/inactive-patients')).data).toEqual([]);
    expect(await journal(pr2, 'sport.inactive.read')).toEqual([]);
  });

  it('GET /api/chat/conversations: one row per conversation with a patient, whose last message it shows', async () => {
    const lucas = await patientId('Lucas Bernard');
    const [conversation] = await t.ctx.db.select({ id: chatConversations.id }).from(chatConversations).where(eq(chatConversations.patientId, lucas));
    const list = json(await get(pr, '/api/chat/conversations')) as { id: string; lastMessage: { text: string } | null }[];
    expect(list.find((c) => c.id === conversation!.id)?.lastMessage?.text).toMatch(/deux fois par semaine/);
    const rows = await journal(pr, 'chat.list');
    expect(rows.map((r) => [r.recordId, r.patientId])).toEqual([[conversation!.id, lucas]]);

    // pa's conversations are with colleagues only.
    expect((json(await get(pa, '/api/chat/conversations')) as unknown[]).length).toBeGreaterThan(0);
    expect(await journal(pa, 'chat.list')).toEqual([]);
  });

  it('GET /api/quick-panel/data: a patient’s next appointments, and notes linked to a patient', async () => {
    const lucas = await patientId('Lucas Bernard');
    const panel = json(await get(pt, '/api/quick-panel/data'));
    expect(panel.events.length).toBeGreaterThan(0);
    const own = await journal(pt, 'appointment.list');
    expect(own.map((r) => [r.patientId, r.outcome])).toEqual([[lucas, 'success']]);

    const helene = await patientId('Hélène Martin');
    const note = json(await t.app.inject({ method: 'POST', url: '/api/notes', headers: pr.auth, payload: { title: 'Rappeler Mme Martin', pinned: true, patientId: helene } })).data;
    const pinned = json(await get(pr, '/api/quick-panel/data')).notes as { id: string }[];
    expect(pinned.map((n) => n.id)).toContain(note.id);
    const rows = await journal(pr, 'note.list');
    expect(rows.map((r) => [r.patientId, r.recordId])).toEqual([[helene, note.id]]);
  });
});
