import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_LIMITS, CONTACT_MESSAGES, type Contact } from '@wellbe/shared/schemas/contacts';
import { createTestApp, json, type Session, type TestApp } from '../../../test/helpers.ts';
import { whileHeld } from '../../../test/locks.ts';
import { contactGroups, contacts } from '../../db/tables.ts';

// The practice's address book: scoped per organisation, stars and groups per user, every SPEC §7
// contact call, vCard in and out, and the patient's view (the practice's card).

let t: TestApp;
let ad: Session;
let pr: Session;
let pr2: Session;

const send = (s: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: s.auth, ...(payload === undefined ? {} : { payload: payload as object }) });
const all = async (s: Session): Promise<Contact[]> => send(s, 'GET', '/api/contacts-app/contacts?id=all').then((r) => json(r));
const byLastName = async (s: Session, lastName: string) => (await all(s)).find((c) => c.lastName === lastName)!;

// An export of Apple Contacts (vCard 3.0, item groups, folded lines, UTF-8) and of Google Contacts
// (vCard 3.0 with a quoted-printable note) and a vCard 4.0 card.
const APPLE_GOOGLE = [
  'BEGIN:VCARD',
  'VERSION:3.0',
  'PRODID:-//Apple Inc.//iPhone OS 17.4//EN',
  'N:Lefèvre-Saint-Éloi;Anne-Sophie;;Dr;',
  'FN:Dr Anne-Sophie Lefèvre-Saint-Éloi',
  'ORG:Clinique des Émeraudes;Service de médecine interne',
  'TITLE:Médecin interniste',
  'item1.EMAIL;type=INTERNET;type=pref:as.lefevre@clinique-emeraudes.f',
  ' r',
  'item1.X-ABLabel:_$!<Work>!$_',
  'TEL;type=CELL;type=VOICE;type=pref:+33 6 12 34 56 78',
  'TEL;type=WORK;type=VOICE:04 72 00 11 22',
  'item2.ADR;type=WORK;type=pref:;;12 rue de l’Hôpital;Lyon;;69002;France',
  'NOTE:Consultations le mardi et le jeudi\\, joignable par la secrétaire. Pré',
  ' fère les courriers électroniques.',
  'BDAY:1975-04-18',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:3.0',
  'FN:Laboratoire Biomédical du Rhône',
  'N:;Laboratoire Biomédical du Rhône;;;',
  'EMAIL;TYPE=INTERNET;TYPE=WORK:accueil@labo-rhone.fr',
  'TEL;TYPE=WORK:04 78 11 22 33',
  'NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Pr=C3=A9l=C3=A8vements 7h-12h',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:4.0',
  'FN:Jérôme Nguyen',
  'N:Nguyen;Jérôme;;;',
  'EMAIL;TYPE=work;PREF=1:j.nguyen@kine-croix-rousse.fr',
  'TEL;VALUE=uri;TYPE="voice,cell":tel:+33-6-98-76-54-32',
  'BDAY:19880230',
  'END:VCARD',
  '',
].join('\r\n');

beforeAll(async () => {
  t = await createTestApp();
  [ad, pr, pr2] = await Promise.all([t.login('ad'), t.login('pr'), t.login('pr2')]);
});
afterAll(async () => {
  await t.close();
});

describe('address book per organisation', () => {
  it('lists Cabinet Démo’s correspondents alphabetically; Centre Santé Nord sees none of them (404)', async () => {
    const list = json(await send(ad, 'GET', '/api/contacts')).data.items as Contact[];
    expect(list.length).toBeGreaterThanOrEqual(20);
    const keys = list.map((c) => (c.lastName || c.name).normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().replace(/[^a-z0-9 ]/g, ''));
    expect(keys).toEqual([...keys].sort((a, b) => a.localeCompare(b, 'fr')));
    expect(keys.indexOf('dimagerie monplaisir')).toBeGreaterThan(keys.indexOf('de soins infirmiers a domicile'));
    expect(json(await send(pr2, 'GET', '/api/contacts')).data.items).toEqual([]);
    const fournier = list.find((c) => c.lastName === 'Fournier')!;
    expect(fournier.rpps).toMatch(/^\d{11}$/);
    for (const [method, url, body] of [
      ['GET', `/api/contacts/${fournier.id}`],
      ['PUT', `/api/contacts/${fournier.id}`, { name: 'Volé' }],
      ['PUT', `/api/contacts/${fournier.id}/star`, { starred: true }],
      ['DELETE', `/api/contacts/${fournier.id}`],
      ['POST', '/api/contacts-app/remove-contact', { contactId: fournier.id }],
      ['POST', '/api/contacts-app/toggle-starred-contact', { contactId: fournier.id }],
      ['POST', '/api/contacts/bulk', { operation: 'delete', contactIds: [fournier.id] }],
    ] as const) {
      const res = await send(pr2, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain('Fournier');
    }
    // A selection mixing own and foreign ids changes nothing.
    const own = json(await send(pr2, 'POST', '/api/contacts', { name: 'Cabinet', lastName: 'de radiologie Lille' })).data;
    expect((await send(pr2, 'POST', '/api/contacts/bulk', { operation: 'delete', contactIds: [own.id, fournier.id] })).statusCode).toBe(404);
    expect((await all(pr2)).map((c) => c.id)).toEqual([own.id]);
    expect((await all(ad)).some((c) => c.id === fournier.id)).toBe(true);
  });

  it('searches without accents, by name, company, email or phone, and filters by profession', async () => {
    const search = async (q: string) => (json(await send(ad, 'GET', `/api/contacts?q=${encodeURIComponent(q)}`)).data.items as Contact[]).map((c) => c.lastName);
    expect(await search('helene garcia')).toEqual(['Garcia']);
    expect(await search('GUILLOTIERE')).toEqual(['de la Guillotière']);
    expect(await search('04 78 24 33 21')).toEqual(['Bonnet']);
    expect(await search('cardio-lafayette')).toEqual(['Fournier']);
    const labs = json(await send(ad, 'GET', '/api/contacts?profession=laboratoire')).data.items as Contact[];
    expect(labs.map((c) => c.profession)).toEqual(['laboratoire', 'laboratoire']);
  });

  it('validates email, phone, RPPS and birthday with French messages; stores HTML as text', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, CONTACT_MESSAGES.nameRequired],
      [{ name: 'A', email: 'pas-un-mail' }, CONTACT_MESSAGES.emailInvalid],
      [{ name: 'A', phone: '12345' }, CONTACT_MESSAGES.phoneInvalid],
      [{ name: 'A', rpps: '10012345678' }, CONTACT_MESSAGES.rppsInvalid],
      [{ name: 'A', rpps: '1234' }, CONTACT_MESSAGES.rppsInvalid],
      [{ name: 'A', birthday: '2001-02-30' }, CONTACT_MESSAGES.birthdayInvalid],
      [{ name: 'A', avatar: 'javascript:alert(1)' }, CONTACT_MESSAGES.avatarInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await send(ad, 'POST', '/api/contacts', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res).error.message).toBe(message);
    }
    const rpps = (await byLastName(ad, 'Fournier')).rpps;
    const ok = await send(ad, 'POST', '/api/contacts', { name: '<b>Paul</b>', lastName: 'Durand', email: 'paul@exemple.fr', phone: '+44 20 7946 0958', rpps, birthday: '1980-02-29', notes: '<script>x</script>' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(json(ok).data).toMatchObject({ name: '<b>Paul</b>', notes: '<script>x</script>', rpps, birthday: '1980-02-29' });
  });
});

describe('per-user stars, frequent contacts and groups', () => {
  it('keeps each user’s stars and groups to themselves', async () => {
    const bonnet = await byLastName(pr, 'Bonnet');
    const before = json(await send(ad, 'GET', '/api/contacts/me')).data;
    await send(pr, 'PUT', `/api/contacts/${bonnet.id}/star`, { starred: true });
    expect(json(await send(pr, 'GET', '/api/contacts/me')).data.starred).toContain(bonnet.id);
    expect(json(await send(ad, 'GET', '/api/contacts/me')).data.starred).toEqual(before.starred);
    expect((json(await send(pr, 'GET', '/api/contacts?filter=starred')).data.items as Contact[]).every((c) => c.starred)).toBe(true);

    const group = json(await send(pr, 'POST', '/api/contacts/groups', { name: 'Urgences', contactIds: [bonnet.id] })).data;
    expect(group).toEqual({ id: group.id, name: 'Urgences', contactIds: [bonnet.id] });
    expect((json(await send(pr, 'GET', `/api/contacts?filter=group&groupId=${group.id}`)).data.items as Contact[]).map((c) => c.id)).toEqual([bonnet.id]);
    expect((await send(ad, 'GET', `/api/contacts?filter=group&groupId=${group.id}`)).statusCode).toBe(404);
    expect((await send(ad, 'PUT', `/api/contacts/groups/${group.id}`, { name: 'x', contactIds: [] })).statusCode).toBe(404);
    expect((await send(pr, 'POST', '/api/contacts/groups', { name: 'URGENCES' })).statusCode).toBe(409);
    const foreign = json(await send(pr2, 'POST', '/api/contacts', { name: 'Étranger' })).data;
    expect((await send(pr, 'POST', '/api/contacts/groups', { name: 'Mixte', contactIds: [foreign.id] })).statusCode).toBe(404);
    // Deleting a group keeps its contacts; nobody else deletes it.
    expect((await send(ad, 'DELETE', `/api/contacts/groups/${group.id}`)).statusCode).toBe(404);
    expect((await send(pr, 'DELETE', `/api/contacts/groups/${group.id}`)).statusCode).toBe(204);
    expect(json(await send(pr, 'GET', '/api/contacts/me')).data.groups.map((g: { id: string }) => g.id)).not.toContain(group.id);
    expect((await all(pr)).some((c) => c.id === bonnet.id)).toBe(true);
  });

  it('counts two groups created at once one after the other: the 50th is created, the 51st refused', async () => {
    const pa = await t.login('pa');
    await t.ctx.db.insert(contactGroups).values(Array.from({ length: CONTACT_LIMITS.groupsPerUser - 1 }, (_, i) => ({ organizationId: pa.idOrganization!, userId: pa.id, name: `G${i}`, nameKey: `g${i}` })));
    // Both requests start while the user's row is held: neither may count before the other inserted.
    const [first, second] = await whileHeld(t.handle.pool, (c) => c.query('select 1 from users where id = $1 for update', [pa.id]), [
      () => send(pa, 'POST', '/api/contacts/groups', { name: 'Cinquantième' }),
      () => send(pa, 'POST', '/api/contacts/groups', { name: 'De trop' }),
    ]);
    expect([first!.statusCode, second!.statusCode]).toEqual([201, 409]);
    expect(json(second!).error.message).toBe(CONTACT_MESSAGES.tooManyGroups);
    expect(json(await send(pa, 'GET', '/api/contacts/me')).data.groups).toHaveLength(CONTACT_LIMITS.groupsPerUser);
  });

  it('ranks frequent contacts by how often the user opens them', async () => {
    const rh = await t.login('rh');
    const vidal = await byLastName(rh, 'Vidal');
    const faure = await byLastName(rh, 'Faure');
    for (let i = 0; i < 3; i++) await send(rh, 'GET', `/api/contacts/${vidal.id}`);
    await send(rh, 'GET', `/api/contacts/${faure.id}`);
    expect(json(await send(rh, 'GET', '/api/contacts/me')).data.frequentContacts).toEqual([vidal.id, faure.id]);
    expect((await send(rh, 'GET', '/api/contacts-app/contacts?id=frequent').then(json)).map((c: Contact) => c.id)).toEqual([vidal.id, faure.id]);
  });
});

describe('SPEC §7 contact calls', () => {
  it('answers each call with the shape the address book reads', async () => {
    const rh = await t.login('rh');
    const created = json(await send(rh, 'POST', '/api/contacts-app/add-contact', { newContact: { name: 'Lucie', lastName: 'Blanc', email: 'lucie.blanc@exemple.fr', phone: '06 70 80 90 10' } }));
    expect(created).toMatchObject({ id: expect.any(String), name: 'Lucie', lastName: 'Blanc', email: 'lucie.blanc@exemple.fr', starred: false });
    for (const key of ['id', 'name', 'lastName', 'avatar', 'nickname', 'company', 'jobTitle', 'email', 'phone', 'address', 'birthday', 'notes']) expect(created).toHaveProperty(key);

    const updated = json(await send(rh, 'POST', '/api/contacts-app/update-contact', { contact: { ...created, jobTitle: 'Sage-femme', starred: undefined, profession: 'autre' } }));
    expect(updated.jobTitle).toBe('Sage-femme');

    const user = json(await send(rh, 'POST', '/api/contacts-app/toggle-starred-contact', { contactId: created.id }));
    expect(Object.keys(user).sort()).toEqual(['frequentContacts', 'groups', 'id', 'starred']);
    expect(user.starred).toContain(created.id);
    expect((await send(rh, 'GET', '/api/contacts-app/contacts?id=starred').then(json)).map((c: Contact) => c.id)).toContain(created.id);
    expect(json(await send(rh, 'POST', '/api/contacts-app/toggle-starred-contact', { contactId: created.id })).starred).not.toContain(created.id);

    const second = json(await send(rh, 'POST', '/api/contacts-app/add-contact', { newContact: { name: 'Hugo', lastName: 'Noir' } }));
    const pair = [created.id, second.id];
    expect(json(await send(rh, 'POST', '/api/contacts-app/set-contacts-starred', { contactIds: pair })).starred).toEqual(expect.arrayContaining(pair));
    expect(json(await send(rh, 'POST', '/api/contacts-app/set-contacts-unstarred', { contactIds: pair })).starred).not.toEqual(expect.arrayContaining([created.id]));
    await send(rh, 'POST', '/api/contacts-app/set-contacts-starred', { contactIds: [created.id] });
    const toggled = json(await send(rh, 'POST', '/api/contacts-app/toggle-starred-contacts', { contactIds: pair })).starred as string[];
    expect(toggled.includes(created.id)).toBe(false);
    expect(toggled.includes(second.id)).toBe(true);

    const me = json(await send(rh, 'GET', '/api/contacts-app/user'));
    expect(me.id).toBe(rh.id);
    expect(Array.isArray(me.groups)).toBe(true);

    expect(json(await send(rh, 'POST', '/api/contacts-app/remove-contact', { contactId: second.id }))).toBe(second.id);
    const third = json(await send(rh, 'POST', '/api/contacts-app/add-contact', { newContact: { name: 'Zoé' } }));
    expect(json(await send(rh, 'POST', '/api/contacts-app/remove-contacts', { contactIds: [created.id, third.id] })).sort()).toEqual([created.id, third.id].sort());
    expect((await all(rh)).some((c) => pair.includes(c.id) || c.id === third.id)).toBe(false);
    // A patient has no address book.
    const pt = await t.login('pt');
    expect((await send(pt, 'GET', '/api/contacts-app/contacts?id=all')).statusCode).toBe(403);
  });
});

describe('vCard', () => {
  it('exports the address book and imports it back to the same contacts (round trip, other organisation)', async () => {
    const res = await send(ad, 'GET', '/api/contacts/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/vcard');
    const vcf = res.body;
    expect(vcf.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const nord = await t.login('pr2');
    const beforeNord = await all(nord);
    const imported = json(await send(nord, 'POST', '/api/contacts/import', { vcf }));
    expect(imported.data.created).toBe((await all(ad)).length);
    const strip = (list: Contact[]) =>
      list
        .map(({ id: _id, starred: _s, ...rest }) => rest)
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    const after = (await all(nord)).filter((c) => !beforeNord.some((b) => b.id === c.id));
    expect(strip(after)).toEqual(strip(await all(ad)));

    // One contact alone.
    const one = await byLastName(ad, 'Fournier');
    const single = await send(ad, 'GET', `/api/contacts/export?ids=${one.id}`);
    expect(single.body.match(/BEGIN:VCARD/g)).toHaveLength(1);
    expect(single.body).toContain('FN:Isabelle Fournier');
    expect((await send(pr2, 'GET', `/api/contacts/export?ids=${one.id}`)).statusCode).toBe(404);
  });

  it('reads an Apple / Google / vCard 4.0 export with folded lines and UTF-8, previews it, then detects duplicates', async () => {
    const rh = await t.login('rh');
    const preview = json(await send(rh, 'POST', '/api/contacts/import', { vcf: APPLE_GOOGLE, dryRun: true })).data;
    expect(preview.created).toBe(0);
    expect(preview.rows.map((r: { contact: Contact }) => r.contact)).toEqual([
      expect.objectContaining({
        name: 'Anne-Sophie',
        lastName: 'Lefèvre-Saint-Éloi',
        company: 'Clinique des Émeraudes',
        jobTitle: 'Médecin interniste',
        email: 'as.lefevre@clinique-emeraudes.fr',
        phone: '+33 6 12 34 56 78',
        address: '12 rue de l’Hôpital, 69002 Lyon, France',
        birthday: '1975-04-18',
        notes: 'Consultations le mardi et le jeudi, joignable par la secrétaire. Préfère les courriers électroniques.',
      }),
      expect.objectContaining({ name: 'Laboratoire Biomédical du Rhône', lastName: '', email: 'accueil@labo-rhone.fr', notes: 'Prélèvements 7h-12h' }),
      expect.objectContaining({ name: 'Jérôme', lastName: 'Nguyen', phone: '+33-6-98-76-54-32', email: 'j.nguyen@kine-croix-rousse.fr', birthday: '' }),
    ]);
    expect((await all(rh)).some((c) => c.lastName === 'Nguyen')).toBe(false);
    expect(json(await send(rh, 'POST', '/api/contacts/import', { vcf: APPLE_GOOGLE })).data.created).toBe(3);

    // The same file again: every card duplicates an existing contact (email or phone) and is skipped.
    const again = json(await send(rh, 'POST', '/api/contacts/import', { vcf: APPLE_GOOGLE })).data;
    expect(again.created).toBe(0);
    expect(again.skipped).toBe(3);
    expect(again.rows[2].duplicateOf).toMatchObject({ name: 'Jérôme', lastName: 'Nguyen' });
  });

  it('refuses a malformed, invalid or too large file and imports nothing of it', async () => {
    const count = async () => (await t.ctx.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.organizationId, ad.idOrganization!))).length;
    const before = await count();
    const cases: [string, number, string | RegExp][] = [
      ['bonjour', 400, /illisible|aucune fiche/],
      ['BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Sans fin\r\n', 400, 'Fichier vCard mal formé : une fiche n’est pas terminée par END:VCARD.'],
      ['BEGIN:VCARD\r\nVERSION:2.1\r\nFN:Vieux\r\nEND:VCARD\r\n', 400, /2\.1/],
      ['BEGIN:VCARD\r\nVERSION:3.0\r\nN:Bon;Jean;;;\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nN:Mauvais;Jean;;;\r\nEMAIL:pas-un-mail\r\nEND:VCARD\r\n', 400, /Jean Mauvais : Adresse e-mail invalide/],
    ];
    for (const [vcf, status, message] of cases) {
      const res = await send(ad, 'POST', '/api/contacts/import', { vcf });
      expect(res.statusCode, vcf).toBe(status);
      expect(json(res).error.message).toMatch(message);
    }
    const huge = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Gros\r\nNOTE:' + 'x'.repeat(5_000_001) + '\r\nEND:VCARD\r\n';
    const big = await send(ad, 'POST', '/api/contacts/import', { vcf: huge });
    expect(big.statusCode).toBe(413);
    expect(json(big).error.message).toBe(CONTACT_MESSAGES.vcardTooBig);
    expect(await count()).toBe(before);
  });
});

describe('the patient’s /contact', () => {
  it('shows the practice’s card; a patient’s "Nous écrire" opens their conversation with the secretariat (PA), staff still mail', async () => {
    const pt = await t.login('pt');
    expect((await send(pt, 'GET', '/api/contacts')).statusCode).toBe(403);
    const card = json(await send(pt, 'GET', '/api/contacts/practice')).data;
    expect(card).toEqual({ name: 'Cabinet Démo', address: '10 rue de la Santé, 69003 Lyon', phone: '04 72 00 00 00', email: 'contact@cabinet-demo.fr', openingHours: expect.stringContaining('lundi') });
    const empty = await send(pt, 'POST', '/api/contacts/practice/message', { subject: 'Question', message: '  ' });
    expect(json(empty).error.message).toBe(CONTACT_MESSAGES.messageRequired);
    const mailsBefore = t.mails.length;
    const res = await send(pt, 'POST', '/api/contacts/practice/message', { subject: 'Ordonnance', message: 'Bonjour, pouvez-vous renouveler mon ordonnance ? <b>Merci</b>' });
    expect(res.statusCode, res.body).toBe(201);
    const { chatId } = json(res);
    expect(t.mails.length).toBe(mailsBefore);
    // The PA reads it in the messaging, as text.
    const pa = await t.login('pa');
    const chat = json(await send(pa, 'GET', `/api/chat/get-chat?chatId=${chatId}`)).chat;
    expect(chat.members.map((m: { id: string }) => m.id)).toEqual(expect.arrayContaining([pt.id, pa.id]));
    expect(chat.dialog.at(-1)).toMatchObject({ who: pt.id, message: 'Ordonnance\n\nBonjour, pouvez-vous renouveler mon ordonnance ? <b>Merci</b>' });
    // Staff (no patient conversation): the mail to the practice's address, as before.
    const rh = await t.login('rh');
    const byMail = await send(rh, 'POST', '/api/contacts/practice/message', { subject: 'Congés', message: 'Bonjour' });
    expect(byMail.statusCode).toBe(202);
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe('contact@cabinet-demo.fr');
    expect(mail.subject).toBe('[WellBe] Congés');
    expect(mail.text).toContain('rh@demo.wellbe.fr');
    expect(mail.html).toBeUndefined();
  });
});
