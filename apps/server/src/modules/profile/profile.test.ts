import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { auditEvents, users } from '../../db/tables.ts';
import { createTestApp, DEMO_PASSWORD, type Session, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const NEW_PASSWORD = 'Nouveau-Mdp-2026!';

function profil(session: Session, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/profil', headers: session.auth, payload });
}

function update(session: Session, userUpdate: Record<string, unknown>) {
  return profil(session, {
    action: 'updatePassword',
    userUpdate: {
      Iduser: session.id,
      idOrganization: session.idOrganization,
      phoneNumber: '06 11 22 33 02',
      professionalNumber: '',
      oldPassword: DEMO_PASSWORD,
      password: NEW_PASSWORD,
      passwordConfirm: NEW_PASSWORD,
      ...userUpdate,
    },
  });
}

async function userIdOf(username: string): Promise<string> {
  const [row] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row.id;
}

describe('POST /api/profil action read', () => {
  it('answers the caller their own profile with every field of the SPEC §3 form and no hash', async () => {
    const pr = await t.login('pr');
    const res = await profil(pr, { action: 'read', Iduser: pr.id, idOrganization: pr.idOrganization });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    const expected = {
      idUser: pr.id,
      idProfil: pr.id,
      idOrganization: pr.idOrganization,
      idJobSpecialist: 1,
      active: 'Y',
      organization: 'Cabinet Démo',
      username: 'pr',
      lastName: 'Moreau',
      firstName: 'Julien',
      email: 'pr@demo.wellbe.fr',
      job: 'Médecin généraliste',
      role: 'PR',
      phoneNumber: '06 11 22 33 04',
      professionalNumber: '',
      contactPhone: '',
      contactEmail: '',
      rpps: '10009876540',
      adeli: '',
      photoURL: '',
      avatar: '',
      oldPassword: '',
      password: '',
      passwordConfirm: '',
    };
    // SPEC §7: data.data is the profile; for the profile screen, the answer's data is the profile.
    expect(body.data.data).toEqual(expect.objectContaining(expected));
    expect(body.data).toEqual(expect.objectContaining(expected));
    expect(res.body).not.toMatch(/argon2|passwordHash|password_hash/);
  });

  it('refuses a practitioner reading another user', async () => {
    const pr = await t.login('pr');
    const res = await profil(pr, { action: 'read', Iduser: await userIdOf('pa'), idOrganization: pr.idOrganization });
    expect(res.statusCode).toBe(403);
    expect(res.json().success).toBe(false);
    expect(res.body).not.toContain('Lefèvre');
  });

  it('lets a user-group role read a colleague of its organisation, and journals it', async () => {
    const pa = await t.login('pa');
    const prId = await userIdOf('pr');
    const res = await profil(pa, { action: 'read', Iduser: prId, idOrganization: pa.idOrganization });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data.lastName).toBe('Moreau');
    const [event] = await t.handle.db.select().from(auditEvents).where(eq(auditEvents.recordId, prId)).orderBy(desc(auditEvents.id)).limit(1);
    expect(event).toMatchObject({ action: '/api/profil:read', outcome: 'success', userId: pa.id });
  });

  it('refuses a user of another organisation, whatever idOrganization says', async () => {
    const pa = await t.login('pa');
    const pr2 = await userIdOf('pr2');
    // Another organisation's account reads like a missing one: 404, never its name.
    const own = await profil(pa, { action: 'read', Iduser: pr2, idOrganization: pa.idOrganization });
    expect(own.statusCode).toBe(404);
    expect(own.body).not.toContain('Fournier');
    // Naming the other organisation in the body is refused as such.
    const pr2Session = await t.login('pr2');
    const theirs = await profil(pa, { action: 'read', Iduser: pr2, idOrganization: pr2Session.idOrganization });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.body).not.toContain('Fournier');
  });

  it('lets a super administrator read across organisations', async () => {
    const sa = await t.login('sa');
    const res = await profil(sa, { action: 'read', Iduser: await userIdOf('pr2') });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data.organization).toBe('Centre Santé Nord');
  });

  it('refuses an anonymous caller', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/profil', payload: { action: 'read', Iduser: await userIdOf('pr') } });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/profil action updatePassword: SPEC §5 rules', () => {
  async function refusal(userUpdate: Record<string, unknown>, username = 'pg') {
    const session = await t.login(username);
    const res = await update(session, userUpdate);
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    // Nothing changed: the demo password still signs in.
    await t.login(username);
    return res.json().error.message as string;
  }

  it('refuses a wrong old password', async () => {
    expect(await refusal({ oldPassword: 'Mauvais-Mdp-2026!' })).toBe('Ancien mot de passe incorrect');
  });

  it('refuses a missing old password', async () => {
    expect(await refusal({ oldPassword: '' })).toBe('Entrez ancien votre mot de passe.');
  });

  it('refuses a missing new password', async () => {
    expect(await refusal({ password: '', passwordConfirm: '' })).toBe('Entrez nouveau votre mot de passe.');
  });

  it('refuses a new password that breaks the rule', async () => {
    expect(await refusal({ password: 'court1!A', passwordConfirm: 'court1!A' })).toBe(
      'Le mot de passe doit contenir 11 caractères minimum, 1 majuscule, 1 minuscule, 1 chiffre et 1 caractère spécial',
    );
    expect(await refusal({ password: 'sansspecial1A', passwordConfirm: 'sansspecial1A' })).toContain('1 caractère spécial');
  });

  it('refuses a confirmation that differs', async () => {
    expect(await refusal({ passwordConfirm: NEW_PASSWORD + 'x' })).toBe('Les mots de passe doivent correspondre');
  });

  it('refuses the same password as the old one', async () => {
    expect(await refusal({ password: DEMO_PASSWORD, passwordConfirm: DEMO_PASSWORD })).toBe(
      'Le nouveau mot de passe doit être différent de l’ancien.',
    );
  });

  it('refuses a phone number that is neither French nor international', async () => {
    const message = 'Numéro de téléphone invalide : un numéro français ou international est attendu.';
    expect(await refusal({ phoneNumber: '12345' })).toBe(message);
    expect(await refusal({ professionalNumber: '06 12' })).toBe(message);
  });

  it('refuses a username change', async () => {
    expect(await refusal({ username: 'quelquun' })).toBe('Le nom d’utilisateur ne peut pas être modifié.');
  });

  it('refuses a change for another user', async () => {
    const pg = await t.login('pg');
    const res = await update(pg, { Iduser: await userIdOf('pr') });
    expect(res.statusCode).toBe(403);
    await t.login('pr');
  });
});

describe('POST /api/profil action updatePassword: success', () => {
  it('saves the phones, changes the password, revokes older tokens and returns a working token', async () => {
    const pa = await t.login('pa');
    const other = await t.login('pa'); // another session of the same user, e.g. another browser
    const res = await update(pa, { username: 'pa', phoneNumber: '+33 6 98 76 54 32', professionalNumber: '01 45 67 89 10' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.data).toMatchObject({ phoneNumber: '+33 6 98 76 54 32', professionalNumber: '01 45 67 89 10', password: '' });
    expect(body.access_token.split('.')).toHaveLength(3);

    // Tokens from before the change are refused; the returned one works.
    for (const old of [pa, other]) {
      const stale = await profil(old, { action: 'read', Iduser: pa.id });
      expect(stale.statusCode).toBe(401);
    }
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/profil',
      headers: { authorization: `Bearer ${body.access_token}` },
      payload: { action: 'read', Iduser: pa.id, idOrganization: pa.idOrganization },
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data.data).toMatchObject({ phoneNumber: '+33 6 98 76 54 32', professionalNumber: '01 45 67 89 10' });

    // The new password signs in, the old one no longer does.
    await expect(t.login('pa', DEMO_PASSWORD)).rejects.toThrow(/401/);
    const again = await t.login('pa', NEW_PASSWORD);
    expect(again.id).toBe(pa.id);

    // Journalled without any password.
    const [event] = await t.handle.db.select().from(auditEvents).where(eq(auditEvents.action, '/api/profil:updatePassword')).orderBy(desc(auditEvents.id)).limit(1);
    expect(event).toMatchObject({ outcome: 'success', userId: pa.id, recordId: pa.id });
    expect(JSON.stringify(event.details)).not.toContain(NEW_PASSWORD);
    expect(JSON.stringify(event.details)).not.toContain(DEMO_PASSWORD);
  });
});

describe('POST /api/profil action updatePhones: the phones without a password change', () => {
  const phones = (session: Session, userUpdate: Record<string, unknown>) =>
    profil(session, { action: 'updatePhones', userUpdate: { Iduser: session.id, idOrganization: session.idOrganization, ...userUpdate } });

  it('saves the phones alone: the password and the session stay, and it is journalled', async () => {
    const pr = await t.login('pr');
    const res = await phones(pr, { phoneNumber: '07 12 34 56 78', professionalNumber: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data).toMatchObject({ phoneNumber: '07 12 34 56 78', professionalNumber: '' });
    // Same token still works, same password still signs in.
    const read = await profil(pr, { action: 'read', Iduser: pr.id });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.data.phoneNumber).toBe('07 12 34 56 78');
    await t.login('pr', DEMO_PASSWORD);
    const [event] = await t.handle.db.select().from(auditEvents).where(eq(auditEvents.action, '/api/profil:updatePhones')).orderBy(desc(auditEvents.id)).limit(1);
    expect(event).toMatchObject({ outcome: 'success', userId: pr.id, recordId: pr.id });
  });

  it('refuses a wrong phone with the French message, and another user', async () => {
    const pr = await t.login('pr');
    const bad = await phones(pr, { phoneNumber: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Numéro de téléphone invalide : un numéro français ou international est attendu.');
    const other = await phones(pr, { Iduser: await userIdOf('pg'), phoneNumber: '07 00 00 00 00' });
    expect(other.statusCode).toBe(403);
  });
});

describe('POST /api/profil action updatePassword: throttling', () => {
  it('answers 429 after five wrong old passwords within 15 minutes, then lets the user try again', async () => {
    const rh = await t.login('rh');
    for (let i = 0; i < 5; i++) {
      const res = await update(rh, { oldPassword: `Faux-Mdp-${i}-2026!` });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await update(rh, {});
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe('Trop de tentatives. Réessayez dans 15 minutes.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    t.clock.advance(15 * 60 * 1000 + 1000);
    const rh2 = await t.login('rh');
    const ok = await update(rh2, {});
    expect(ok.statusCode).toBe(200);
  });
});

describe('avatar', () => {
  async function upload(session: Session, bytes: Buffer, filename = 'photo.png', type = 'image/png') {
    const boundary = '----wellbe' + Math.random().toString(16).slice(2);
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    return t.app.inject({
      method: 'POST',
      url: '/api/profil/avatar',
      headers: { ...session.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([head, bytes, tail]),
    });
  }

  it('stores a square thumbnail, sets photoURL and serves the image', async () => {
    const us = await t.login('us');
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7bd5' } }).jpeg().toBuffer();
    const res = await upload(us, jpeg, 'photo.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const url: string = res.json().data.data.photoURL;
    expect(url).toMatch(/^\/api\/profil\/avatar\/[0-9a-f-]{36}\/[0-9a-f]{32}\.png$/);

    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([256, 256, 'png']);

    // The sign-in answer carries it, so the toolbar shows it.
    const login = await t.app.inject({ method: 'POST', url: '/api/user', payload: { action: 'login', Username: 'us', Password: DEMO_PASSWORD } });
    expect(login.json().data.photoURL).toBe(url);

    // A new photo replaces the old one, whose URL stops working.
    const png = await sharp({ create: { width: 300, height: 900, channels: 4, background: '#ff0000' } }).png().toBuffer();
    const second = await upload(us, png);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.data.photoURL).not.toBe(url);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('refuses a file that is not a PNG or JPEG by its bytes, whatever its name says', async () => {
    const us = await t.login('us');
    const res = await upload(us, Buffer.from('%PDF-1.7 not an image at all'), 'photo.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('L’image doit être au format PNG ou JPEG.');
  });

  it('refuses an image over 2 MB with 413', async () => {
    const us = await t.login('us');
    const big = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const res = await upload(us, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('L’image dépasse la taille maximale autorisée (2 Mo).');
  });

  it('refuses a request without an image', async () => {
    const us = await t.login('us');
    const res = await t.app.inject({ method: 'POST', url: '/api/profil/avatar', headers: us.auth, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Aucune image reçue.');
  });

  it('refuses an upload without a token and does not serve guessed names', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/profil/avatar', payload: {} });
    expect(res.statusCode).toBe(401);
    const us = await t.login('us');
    const guessed = await t.app.inject({ method: 'GET', url: `/api/profil/avatar/${us.id}/${'0'.repeat(32)}.png` });
    expect(guessed.statusCode).toBe(404);
    const traversal = await t.app.inject({ method: 'GET', url: `/api/profil/avatar/${us.id}/..%2F..%2Fsecret.png` });
    expect([400, 404]).toContain(traversal.statusCode);
  });
});

describe('POST /api/profil action updateProfessionalIds: RPPS and ADELI numbers', () => {
  const save = (session: Session, ids: Record<string, unknown>) =>
    profil(session, { action: 'updateProfessionalIds', userUpdate: { Iduser: session.id, idOrganization: session.idOrganization, ...ids } });

  it('saves a valid RPPS typed with spaces and an ADELI, journals which changed, and reads them back', async () => {
    const pg = await t.login('pg');
    const res = await save(pg, { rpps: '1000 1234 565', adeli: '2a1234567' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ rpps: '10001234565', adeli: '2A1234567' });
    const read = await profil(pg, { action: 'read', Iduser: pg.id, idOrganization: pg.idOrganization });
    expect(read.json().data).toMatchObject({ rpps: '10001234565', adeli: '2A1234567' });
    const [event] = await t.handle.db.select().from(auditEvents).where(eq(auditEvents.action, '/api/profil:updateProfessionalIds')).orderBy(desc(auditEvents.id)).limit(1);
    expect(event.details).toEqual({ changed: ['rpps', 'adeli'] });
  });

  it('refuses an RPPS whose key is wrong, in French, and keeps the saved number', async () => {
    const pr = await t.login('pr');
    const res = await save(pr, { rpps: '10009876541', adeli: '' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Le numéro RPPS doit comporter 11 chiffres, dont une clé de contrôle valide.');
    const [row] = await t.handle.db.select({ rpps: users.rpps }).from(users).where(eq(users.id, pr.id));
    expect(row.rpps).toBe('10009876540');
  });

  it('clears a number saved empty and refuses changing someone else’s', async () => {
    const pr = await t.login('pr');
    const other = await save(pr, { Iduser: await userIdOf('pa'), rpps: '' });
    expect(other.statusCode).toBe(403);
    const res = await save(pr, { rpps: '', adeli: '' });
    expect(res.json().data.rpps).toBe('');
    const [row] = await t.handle.db.select({ rpps: users.rpps }).from(users).where(eq(users.id, pr.id));
    expect(row.rpps).toBeNull();
  });
});
