import fs from 'node:fs';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contact } from '@wellbe/shared/schemas/contacts';
import { createTestApp, json, type Session, type TestApp } from '../../../test/helpers.ts';

// vCard interoperability: what an Apple (iOS Contacts, vCard 3.0 with item groups, labels and an
// inline photo) or a Google (Contacts export, photo by address, escaped URL) card holds comes in,
// stays, and goes out again in a form an independent parser (ical.js) reads the same way.

let t: TestApp;
let pr: Session;
let pr2: Session;

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const send = (s: Session, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: s.auth, ...(payload ? { payload } : {}) });
const byLastName = async (s: Session, lastName: string): Promise<Contact> =>
  (json(await send(s, 'GET', `/api/contacts?q=${encodeURIComponent(lastName)}`)).data.items as Contact[]).find((c) => c.lastName === lastName)!;

/** The cards of a .vcf as ical.js reads them. */
function independentlyParsed(vcf: string) {
  const parsed = ICAL.parse(vcf);
  const cards = (typeof parsed[0] === 'string' ? [parsed] : parsed) as unknown[];
  return cards.map((c) => new ICAL.Component(c as unknown[]));
}
const types = (p: ICAL.Property) => [p.getParameter('type')].flat().join(',').toLowerCase();

beforeAll(async () => {
  t = await createTestApp();
  [pr, pr2] = await Promise.all([t.login('pr'), t.login('pr2')]);
});
afterAll(() => t?.close());

describe('vCard interoperability', () => {
  it('keeps everything an Apple card holds: both emails and the three phones with their types, prefix, structured address, URL, photo', async () => {
    const res = await send(pr, 'POST', '/api/contacts/import', { vcf: fixture('apple-ios-17.vcf'), dryRun: false });
    expect(res.statusCode, res.body).toBe(200);
    const c = await byLastName(pr, 'Lefèvre');
    expect(c).toMatchObject({ prefix: 'Dr', name: 'Anne-Sophie', company: 'Clinique des Émeraudes', jobTitle: 'Médecin interniste', birthday: '1975-04-18' });
    expect(c.emails).toEqual([
      { value: 'as.lefevre@clinique-emeraudes.fr', type: 'work' },
      { value: 'annesophie.lefevre@exemple.fr', type: 'home' },
    ]);
    // The third phone's type comes from its label (item1.X-ABLabel:_$!<Mobile>!$_).
    expect(c.phones).toEqual([
      { value: '06 12 34 56 78', type: 'cell' },
      { value: '04 72 00 11 22', type: 'work' },
      { value: '04 72 00 11 23', type: 'cell' },
    ]);
    expect(c).toMatchObject({ email: 'as.lefevre@clinique-emeraudes.fr', phone: '06 12 34 56 78' });
    expect(c).toMatchObject({ street: '12 rue de l’Hôpital', postalCode: '69002', city: 'Lyon', country: 'France', addressType: 'home', address: '12 rue de l’Hôpital, 69002 Lyon, France' });
    expect(c.url).toBe('https://www.clinique-emeraudes.fr');
    // The photo is the contact's avatar: a PNG thumbnail served at a capability address.
    expect(c.avatar).toMatch(/^\/api\/contacts\/photo\/[0-9a-f-]{36}\/[0-9a-f]{32}\.png$/);
    const photo = await t.app.inject({ method: 'GET', url: c.avatar });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('deletes the photo with its contact: its address answers 404', async () => {
    const vcf = fixture('apple-ios-17.vcf').replace('Lefèvre;', 'Lefebvre;');
    expect((await send(pr, 'POST', '/api/contacts/import', { vcf, dryRun: false, skipDuplicates: false })).statusCode).toBe(200);
    const c = await byLastName(pr, 'Lefebvre');
    expect((await t.app.inject({ method: 'GET', url: c.avatar })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/contacts/${c.id}`, headers: pr.auth })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: c.avatar })).statusCode).toBe(404);
  });

  it('keeps everything a Google card holds: the photo address as avatar, the escaped URL, the work address', async () => {
    expect((await send(pr, 'POST', '/api/contacts/import', { vcf: fixture('google-contacts.vcf'), dryRun: false })).statusCode).toBe(200);
    const c = await byLastName(pr, 'Nguyen');
    expect(c).toMatchObject({ prefix: 'M.', name: 'Jérôme', nickname: 'Jéjé', url: 'https://kine-croix-rousse.fr', avatar: 'https://lh3.googleusercontent.com/contacts/AG6tpzGQ0Pv9hW3r0nB2x8yZk4mD1sQ=s100' });
    expect(c.emails.map((e) => e.type)).toEqual(['work', 'home']);
    expect(c.phones).toEqual([
      { value: '+33 6 98 76 54 32', type: 'cell' },
      { value: '04 78 11 22 33', type: 'work' },
      { value: '04 78 44 55 66', type: 'home' },
    ]);
    expect(c).toMatchObject({ street: '5 place de la Croix-Rousse', postalCode: '69004', city: 'Lyon', addressType: 'work' });
  });

  it('reads a vCard 4.0 formatted name as written', async () => {
    const vcf = 'BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Pharmacie de l’Europe\r\nTEL;VALUE=uri;TYPE="voice,cell":tel:+33-6-11-22-33-44\r\nEND:VCARD\r\n';
    const row = json(await send(pr, 'POST', '/api/contacts/import', { vcf, dryRun: true })).data.rows[0].contact;
    expect(row).toMatchObject({ name: 'Pharmacie de l’Europe', lastName: '', phones: [{ value: '+33-6-11-22-33-44', type: 'cell' }] });
  });

  it('exports what it read, with the right types, in a form an independent parser reads back the same', async () => {
    const [apple, google] = [await byLastName(pr, 'Lefèvre'), await byLastName(pr, 'Nguyen')];
    const res = await send(pr, 'GET', `/api/contacts/export?ids=${apple.id},${google.id}`);
    expect(res.statusCode).toBe(200);
    const cards = independentlyParsed(res.body);
    const card = (fn: string) => cards.find((c) => String(c.getFirstPropertyValue('fn')) === fn)!;
    const a = card('Dr Anne-Sophie Lefèvre');
    expect(a.getFirstPropertyValue('n')).toEqual(['Lefèvre', 'Anne-Sophie', '', 'Dr', '']);
    // A mobile number goes out as a mobile, a home address as a home address (not WORK).
    expect(a.getAllProperties('tel').map((p) => [String(p.getFirstValue()), types(p)])).toEqual([
      ['06 12 34 56 78', 'cell,voice,pref'],
      ['04 72 00 11 22', 'work,voice'],
      ['04 72 00 11 23', 'cell,voice'],
    ]);
    expect(a.getAllProperties('email').map((p) => types(p))).toEqual(['internet,work,pref', 'internet,home']);
    expect(types(a.getFirstProperty('adr')!)).toBe('home');
    expect(a.getFirstPropertyValue('adr')).toEqual(['', '', '12 rue de l’Hôpital', 'Lyon', '', '69002', 'France']);
    expect(String(a.getFirstPropertyValue('url'))).toBe('https://www.clinique-emeraudes.fr');
    expect(a.getFirstProperty('photo')!.getParameter('type')).toBe('PNG');
    const g = card('M. Jérôme Nguyen');
    expect(g.getAllProperties('tel').map((p) => types(p))).toEqual(['cell,voice,pref', 'work,voice', 'home,voice']);
    expect(String(g.getFirstPropertyValue('photo'))).toBe('https://lh3.googleusercontent.com/contacts/AG6tpzGQ0Pv9hW3r0nB2x8yZk4mD1sQ=s100');

    // Into another organisation: the same contacts, photo included.
    expect((await send(pr2, 'POST', '/api/contacts/import', { vcf: res.body, dryRun: false })).statusCode).toBe(200);
    const copy = await byLastName(pr2, 'Lefèvre');
    const { id: _a, avatar: avatarA, starred: _s1, ...restA } = apple;
    const { id: _b, avatar: avatarB, starred: _s2, ...restB } = copy;
    expect(restB).toEqual(restA);
    expect(avatarB).toMatch(/^\/api\/contacts\/photo\//);
    expect(avatarB).not.toBe(avatarA);
  });

  it('edits the lists and the address parts; an old client that knows only email and phone changes the first ones', async () => {
    const c = await byLastName(pr, 'Nguyen');
    const edited = json(await send(pr, 'PUT', `/api/contacts/${c.id}`, { ...c, phones: [...c.phones, { value: '04 78 99 88 77', type: 'fax' }], city: 'Villeurbanne', postalCode: '69100' })).data;
    expect(edited.phones.at(-1)).toEqual({ value: '04 78 99 88 77', type: 'fax' });
    expect(edited.address).toBe('5 place de la Croix-Rousse, 69100 Villeurbanne, France');
    const old = json(await send(pr, 'POST', '/api/contacts-app/update-contact', { contact: { id: c.id, name: c.name, lastName: c.lastName, email: 'jerome@kine.fr', phone: c.phone } }));
    expect(old.emails).toEqual([{ value: 'jerome@kine.fr', type: 'work' }]);
    expect(old.email).toBe('jerome@kine.fr');
  });

  it('refuses a photo that is not an image, and imports nothing of the file', async () => {
    const vcf = fixture('google-contacts.vcf').replace(/^PHOTO:.*$/m, `PHOTO;ENCODING=b;TYPE=JPEG:${Buffer.from('<script>alert(1)</script>').toString('base64')}`).replace('Nguyen;', 'Nguyenne;');
    const res = await send(pr, 'POST', '/api/contacts/import', { vcf, dryRun: false });
    expect(res.statusCode).toBe(400);
    expect(json(res).error.message).toBe('La photo de Jérôme Nguyenne n’est pas une image JPEG ou PNG lisible de 2 Mo au plus.');
    expect(await byLastName(pr, 'Nguyenne')).toBeUndefined();
  });
});
