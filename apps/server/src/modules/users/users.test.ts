import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, walkCursor, type Session, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
// The practice's administrator (PA): grants every practice role (packages/shared grants.ts).
let admin: Session;
let sa: Session;
beforeAll(async () => {
  t = await createTestApp();
});
// Fresh sessions for every test: some tests move the clock past the 60-minute token lifetime.
beforeEach(async () => {
  admin = await t.login('pa');
  sa = await t.login('sa');
});
afterAll(async () => {
  await t.close();
});

const NEW_PASSWORD = 'Nouveau-Mdp-2026!';

function newUser(over: Record<string, unknown> = {}) {
  const n = Math.random().toString(36).slice(2, 8);
  return { firstName: 'Marie', lastName: 'Curie', username: `mcurie${n}`, email: `marie.${n}@exemple.fr`, role: 'PR', job: 'Médecin', idJobSpecialist: 1, phoneNumber: '06 12 34 56 78', ...over };
}

const create = (session: Session, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/users', headers: session.auth, payload: body });
const patch = (session: Session, id: string, body: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: session.auth, payload: body });

/** The token of the last invitation mail sent to an address. */
function invitationLink(email: string): { userId: string; token: string } {
  const mail = [...t.mails].reverse().find((m) => m.to === email && m.subject.startsWith('Invitation'));
  const match = /\/register\/([0-9a-f-]{36})\?token=([\w-]+)/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no invitation for ${email}`);
  return { userId: match[1], token: match[2] };
}

async function journal(action: string, recordId: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/journal?action=${action}&pageSize=200`, headers: sa.auth });
  return (res.json().data as { recordId: string; details: Record<string, Record<string, unknown>> }[]).filter((e) => e.recordId === recordId);
}

describe('GET /api/users', () => {
  it('lists the caller organisation only, paged and searchable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users?pageSize=5', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(5);
    expect(body.total).toBeGreaterThanOrEqual(10);
    expect(body.data.every((u: { organization: string }) => u.organization === 'Cabinet Démo')).toBe(true);
    const search = await t.app.inject({ method: 'GET', url: '/api/users?q=moreau', headers: admin.auth });
    expect(search.json().data.map((u: { username: string }) => u.username)).toEqual(['pr']);
    const other = await t.app.inject({ method: 'GET', url: '/api/users?q=pr2', headers: admin.auth });
    expect(other.json().data).toEqual([]);
  });

  it('lets SA see every organisation and filter on one', async () => {
    const all = await t.app.inject({ method: 'GET', url: '/api/users?q=fournier', headers: sa.auth });
    expect(all.json().data[0]).toMatchObject({ username: 'pr2', organization: 'Centre Santé Nord', role: 'PR' });
    const mine = await t.app.inject({ method: 'GET', url: `/api/users?q=fournier&organizationId=${sa.idOrganization}`, headers: sa.auth });
    expect(mine.json().data).toEqual([]);
  });

  it('refuses a PA asking for another organisation, and hides its users', async () => {
    const pa = await t.login('pa');
    const pr2 = await t.login('pr2');
    expect((await t.app.inject({ method: 'GET', url: `/api/users?organizationId=${pr2.idOrganization}`, headers: pa.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${pr2.id}`, headers: pa.auth })).statusCode).toBe(404);
  });
});

describe('GET /api/users: keyset paging (issue 13)', () => {
  const idOf = (u: { idUser: string }) => u.idUser;

  it('walks every account of the organisation exactly once, in the list order, forward by cursor and by page number', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/api/users?pageSize=100', headers: admin.auth })).json();
    expect(all).toMatchObject({ nextCursor: null, totalCapped: false });
    const names = (all.data as { lastName: string; firstName: string }[]).map((u) => [u.lastName.toLowerCase(), u.firstName.toLowerCase()].join(' '));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const { ids, first } = await walkCursor(t.app, '/api/users?pageSize=3', admin.auth, idOf);
    expect(ids).toEqual(all.data.map(idOf));
    expect(new Set(ids).size).toBe(ids.length);
    expect(first.total).toBe(all.data.length);
    expect(all.data.every((u: { idOrganization: string }) => u.idOrganization === admin.idOrganization)).toBe(true);
    // Back to an earlier page by its number: the same rows as the cursor gave.
    const second = (await t.app.inject({ method: 'GET', url: '/api/users?pageSize=3&page=2', headers: admin.auth })).json();
    expect(second.data.map(idOf)).toEqual(ids.slice(3, 6));
    // Past the 10,000th row a page number is refused in French (no deep OFFSET): the cursor goes on.
    const deep = await t.app.inject({ method: 'GET', url: '/api/users?pageSize=10&page=1002', headers: admin.auth });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().error.message).toMatch(/^Page trop lointaine : au-delà de la 10 000e ligne/);
  });

  it('keeps the filters and the organisation scope along the cursors', async () => {
    const practitioners = (await t.app.inject({ method: 'GET', url: '/api/users?pageSize=100&role=PR', headers: sa.auth })).json().data;
    expect(practitioners.length).toBeGreaterThan(1);
    const walked = await walkCursor(t.app, '/api/users?pageSize=1&role=PR', sa.auth, idOf);
    expect(walked.ids).toEqual(practitioners.map(idOf));
    // A PA's cursor never reaches another organisation, whatever it names.
    const mine = await walkCursor(t.app, '/api/users?pageSize=2&active=true', admin.auth, idOf);
    const other = (await t.app.inject({ method: 'GET', url: '/api/users?q=fournier', headers: sa.auth })).json().data[0].idUser;
    expect(mine.ids).not.toContain(other);
  });

  it('refuses a forged or foreign cursor with 400 and a French message', async () => {
    const organisations = (await t.app.inject({ method: 'GET', url: '/api/organisations?pageSize=1', headers: sa.auth })).json();
    for (const cursor of ['nimporte-quoi', organisations.nextCursor]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/users?cursor=${encodeURIComponent(cursor)}`, headers: admin.auth });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Curseur de pagination invalide : rechargez la liste.');
    }
  });
});

describe('POST /api/users and the invitation', () => {
  it('creates the user, mails the 7-day /register link, and the link works once', async () => {
    const body = newUser();
    const res = await create(admin, body);
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ username: body.username, role: 'PR', active: true, invitation: 'pending', organization: 'Cabinet Démo', jobSpecialist: 'Médecin généraliste' });
    const expires = new Date(created.invitationExpiresAt).getTime() - t.clock.now();
    expect(expires).toBe(7 * 24 * 3600 * 1000);

    const { userId, token } = invitationLink(body.email);
    expect(userId).toBe(created.idUser);
    const { consumeLinkToken } = await import('../auth/auth.links.ts');
    const first = await consumeLinkToken(t.ctx, 'invitation', token, async () => true, userId);
    expect(first.ok).toBe(true);
    const second = await consumeLinkToken(t.ctx, 'invitation', token, async () => true, userId);
    expect(second).toEqual({ ok: false, reason: 'used' });

    const entries = await journal('user.create', created.idUser);
    expect(entries).toHaveLength(1);
    expect(entries[0].details.after).toMatchObject({ username: body.username, role: 'PR' });
    expect(JSON.stringify(entries[0].details)).not.toMatch(/password|token/i);
  });

  it('lets an invitation expire after 7 days; a resend replaces it, a revoke kills it', async () => {
    const body = newUser();
    const created = (await create(admin, body)).json().data;
    const first = invitationLink(body.email);
    const { checkLinkToken } = await import('../auth/auth.links.ts');
    t.clock.advance(7 * 24 * 3600 * 1000 + 1000);
    expect(await checkLinkToken(t.ctx, 'invitation', first.token, created.idUser)).toEqual({ ok: false, reason: 'expired' });
    admin = await t.login('pa');
    const listed = (await t.app.inject({ method: 'GET', url: `/api/users/${created.idUser}`, headers: admin.auth })).json().data;
    expect(listed.invitation).toBe('expired');

    const resend = await t.app.inject({ method: 'POST', url: `/api/users/${created.idUser}/invitation`, headers: admin.auth });
    expect(resend.statusCode).toBe(200);
    expect(resend.json().data.invitation).toBe('pending');
    const second = invitationLink(body.email);
    expect(second.token).not.toBe(first.token);
    expect((await checkLinkToken(t.ctx, 'invitation', second.token, created.idUser)).ok).toBe(true);

    const revoke = await t.app.inject({ method: 'DELETE', url: `/api/users/${created.idUser}/invitation`, headers: admin.auth });
    expect(revoke.json().data.invitation).toBe('expired');
    expect(await checkLinkToken(t.ctx, 'invitation', second.token, created.idUser)).toEqual({ ok: false, reason: 'revoked' });
  });

  it('refuses a username or email already used, whatever the case, and changes nothing', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/users', headers: admin.auth })).json().total;
    const dupUser = await create(admin, newUser({ username: 'PR' }));
    expect(dupUser.statusCode).toBe(409);
    expect(dupUser.json().error.message).toBe('Ce nom d’utilisateur est déjà utilisé.');
    const dupMail = await create(admin, newUser({ email: 'PR@Demo.Wellbe.fr' }));
    expect(dupMail.statusCode).toBe(409);
    expect(dupMail.json().error.message).toBe('Cette adresse email est déjà utilisée.');
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: admin.auth })).json().total).toBe(before);
  });

  it('refuses bad input with a French message', async () => {
    const res = await create(admin, newUser({ email: 'pas-un-email' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Adresse email invalide.');
    expect((await create(admin, newUser({ idJobSpecialist: 999 }))).json().error.message).toBe('Spécialité inconnue.');
  });

  it('lets only SA or DE grant SA, DE or RE', async () => {
    for (const role of ['SA', 'DE', 'RE']) {
      const refused = await create(admin, newUser({ role }));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe('Seul un Super Administrateur ou un Developer peut attribuer ce rôle.');
    }
    expect((await create(sa, newUser({ role: 'RE' }))).statusCode).toBe(201);
    const de = await t.login('de');
    expect((await create(de, newUser({ role: 'SA' }))).statusCode).toBe(201);
    // Nor may AD promote an existing user to one of those roles.
    const pr = (await create(admin, newUser())).json().data;
    expect((await patch(admin, pr.idUser, { role: 'DE' })).statusCode).toBe(403);
    expect((await patch(sa, pr.idUser, { role: 'DE' })).statusCode).toBe(200);
    // ... and then may no longer edit that account.
    expect((await patch(admin, pr.idUser, { firstName: 'X' })).statusCode).toBe(403);
  });

  it('keeps the Patient role for patient invitations', async () => {
    expect((await create(admin, newUser({ role: 'PT' }))).statusCode).toBe(400);
  });
});

describe('PATCH /api/users/:id', () => {
  it('edits names, job, speciality, phones and role, journalled with before and after', async () => {
    const u = (await create(admin, newUser())).json().data;
    const res = await patch(admin, u.idUser, { firstName: 'Irène', job: 'Diététicienne', idJobSpecialist: 2, professionalNumber: '04 72 11 22 33', role: 'PG' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ firstName: 'Irène', job: 'Diététicienne', idJobSpecialist: 2, jobSpecialist: 'Diététicien(ne)', professionalNumber: '04 72 11 22 33', role: 'PG' });
    const [entry] = await journal('user.update', u.idUser);
    expect(entry.details.before).toEqual({ firstName: 'Marie', job: 'Médecin', idJobSpecialist: 1, professionalNumber: null, role: 'PR' });
    expect(entry.details.after).toEqual({ firstName: 'Irène', job: 'Diététicienne', idJobSpecialist: 2, professionalNumber: '04 72 11 22 33', role: 'PG' });
  });

  it('refuses changing one’s own role or deactivating oneself', async () => {
    const own = await patch(admin, admin.id, { role: 'PG' });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe('Vous ne pouvez pas modifier votre propre rôle.');
    const off = await patch(admin, admin.id, { active: false });
    expect(off.statusCode).toBe(403);
    expect(off.json().error.message).toBe('Vous ne pouvez pas désactiver votre propre compte.');
    expect((await patch(sa, sa.id, { role: 'DE' })).statusCode).toBe(403);
    // Editing one's own names stays allowed.
    expect((await patch(admin, admin.id, { firstName: 'Nathalie' })).statusCode).toBe(200);
  });

  it('deactivation ends every session at once and sign-in is refused in French', async () => {
    const us = await t.login('us');
    const before = await t.app.inject({ method: 'POST', url: '/api/user', headers: us.auth, payload: { action: 'read', Iduser: us.id } });
    expect(before.statusCode).toBe(200);
    const res = await patch(admin, us.id, { active: false });
    expect(res.json().data.active).toBe(false);
    const after = await t.app.inject({ method: 'POST', url: '/api/user', headers: us.auth, payload: { action: 'read', Iduser: us.id } });
    expect(after.statusCode).toBe(401);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/user', payload: { action: 'login', Username: 'us', Password: DEMO_PASSWORD } });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error.message).toBe('Ce compte est désactivé. Contactez votre administrateur.');
    const [entry] = await journal('user.deactivate', us.id);
    expect(entry.details).toEqual({ before: { active: true }, after: { active: false } });

    await patch(admin, us.id, { active: true });
    expect((await t.login('us')).role).toBe('US');
  });

  it('mails a password-reset link to the user', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/users/${(await t.login('pg')).id}/password-reset`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe('pg@demo.wellbe.fr');
    expect(mail.text).toMatch(/\/reset-password\?token=[\w-]+/);
  });

  it('lets RH change but not list users (SPEC §6 user write without user)', async () => {
    const rh = await t.login('rh');
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: rh.auth })).statusCode).toBe(403);
    expect((await create(rh, newUser({ role: 'US', idJobSpecialist: null }))).statusCode).toBe(201);
    const pr = await t.login('pr');
    expect((await create(pr, newUser())).statusCode).toBe(403);
  });
});

describe('POST /api/users/invite-patient', () => {
  async function patientId(session: Session, name: string): Promise<string> {
    const res = await t.app.inject({ method: 'POST', url: '/api/patient', headers: session.auth, payload: { action: 'list', Iduser: session.id, idOrganization: session.idOrganization } });
    return res.json().data.find((p: { FullName: string }) => p.FullName === name).idPatient;
  }

  it('creates a PT account linked to the patient, invites them, and they can sign in to their own file only', async () => {
    const pa = await t.login('pa');
    const idPatient = await patientId(pa, 'Hélène Martin');
    const res = await t.app.inject({ method: 'POST', url: '/api/users/invite-patient', headers: pa.auth, payload: { idPatient } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ role: 'PT', idPatient, email: 'helene.martin@exemple.fr', firstName: 'Hélène', lastName: 'Martin', invitation: 'pending' });
    const { userId } = invitationLink('helene.martin@exemple.fr');
    expect(userId).toBe(res.json().data.idUser);

    const again = await t.app.inject({ method: 'POST', url: '/api/users/invite-patient', headers: pa.auth, payload: { idPatient } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Ce patient a déjà un compte.');
    // The role of a patient account cannot be changed.
    expect((await patch(pa, userId, { role: 'US' })).statusCode).toBe(400);
  });

  it('refuses a patient of another organisation (404) and journals the attempt', async () => {
    const pr2 = await t.login('pr2');
    const other = await patientId(pr2, 'Mathilde Renaud');
    const pa = await t.login('pa');
    const res = await t.app.inject({ method: 'POST', url: '/api/users/invite-patient', headers: pa.auth, payload: { idPatient: other } });
    expect(res.statusCode).toBe(404);
    const denied = await t.app.inject({ method: 'GET', url: `/api/admin/journal?patientId=${other}&outcome=denied`, headers: sa.auth });
    expect(denied.json().data.some((e: { action: string }) => e.action === 'user.invite-patient')).toBe(true);
  });
});

describe('invited user completes the invitation', () => {
  it('signs in once a password is set through the link', async () => {
    const body = newUser();
    const created = (await create(admin, body)).json().data;
    const { token } = invitationLink(body.email);
    const { consumeLinkToken } = await import('../auth/auth.links.ts');
    const { hashPassword } = await import('../../lib/passwords.ts');
    const { setPasswordFromLink } = await import('./users.repository.ts');
    const hash = await hashPassword(NEW_PASSWORD);
    await consumeLinkToken(t.ctx, 'invitation', token, (tx, id) => setPasswordFromLink(tx, id, hash, new Date()));
    const session = await t.login(body.username, NEW_PASSWORD);
    expect(session.id).toBe(created.idUser);
    const listed = (await t.app.inject({ method: 'GET', url: `/api/users/${created.idUser}`, headers: admin.auth })).json().data;
    expect(listed.invitation).toBe('none');
    expect(listed.lastSignInAt).not.toBeNull();
  });
});

describe('role grants and patient details (SPEC §6 read with common sense)', () => {
  it('lets RH and AD give only roles without patient access, and journals each refusal', async () => {
    for (const username of ['rh', 'ad']) {
      const s = await t.login(username);
      for (const role of ['PA', 'PG', 'PR']) {
        const refused = await create(s, newUser({ role }));
        expect(refused.statusCode, `${username} → ${role}`).toBe(403);
        expect(refused.json().error.message).toBe('Votre rôle ne vous permet pas d’attribuer ce rôle.');
      }
      expect((await create(s, newUser({ role: 'US', idJobSpecialist: null }))).statusCode, username).toBe(201);
      const refusals = (await t.app.inject({ method: 'GET', url: `/api/admin/journal?action=user.create&outcome=denied&userId=${s.id}`, headers: sa.auth })).json().data;
      expect(refusals.map((e: { details: { role: string } }) => e.details.role).sort()).toEqual(['PA', 'PG', 'PR']);
    }
  });

  it('keeps RH and AD away from the practitioners’ accounts: no edit, no deactivation, no promotion', async () => {
    const rh = await t.login('rh');
    const pa = await t.login('pa');
    const pr = await t.login('pr');
    const us = await t.login('us');
    expect((await patch(rh, pa.id, { active: false })).statusCode).toBe(403);
    expect((await patch(rh, pr.id, { firstName: 'X' })).statusCode).toBe(403);
    expect((await patch(rh, us.id, { role: 'PA' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/users/${pr.id}/password-reset`, headers: rh.auth })).statusCode).toBe(403);
    // Still active and signing in: nothing changed.
    expect((await t.login('pa')).role).toBe('PA');
    const denied = (await t.app.inject({ method: 'GET', url: `/api/admin/journal?outcome=denied&userId=${rh.id}&pageSize=200`, headers: sa.auth })).json().data;
    expect(denied.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['user.deactivate', 'user.update', 'user.password-reset.send']),
    );
  });

  it('lets PA and PG grant practice roles but not PA, SA, DE or RE', async () => {
    const pg = await t.login('pg');
    expect((await create(pg, newUser({ role: 'PG' }))).statusCode).toBe(201);
    expect((await create(pg, newUser({ role: 'PA' }))).statusCode).toBe(403);
    expect((await create(admin, newUser({ role: 'RE' }))).statusCode).toBe(403);
  });

  it('keeps "Inviter le patient" for roles that write patient files', async () => {
    const pr = await t.login('pr');
    const list = await t.app.inject({ method: 'POST', url: '/api/patient', headers: pr.auth, payload: { action: 'list', Iduser: pr.id, idOrganization: pr.idOrganization, q: 'benoit' } });
    const idPatient = list.json().data[0].idPatient;
    for (const username of ['rh', 'ad', 'sa']) {
      const s = await t.login(username);
      const res = await t.app.inject({ method: 'POST', url: '/api/users/invite-patient', headers: s.auth, payload: { idPatient } });
      expect(res.statusCode, username).toBe(403);
      expect(res.body).not.toMatch(/beno[iî]t|mercier/i);
    }
    const invited = await t.app.inject({ method: 'POST', url: '/api/users/invite-patient', headers: pr.auth, payload: { idPatient } });
    expect(invited.statusCode).toBe(201);
  });

  it('never lists a patient’s contact details to a role without patient access', async () => {
    const ad = await t.login('ad');
    const pt = await t.login('pt');
    const asAd = (await t.app.inject({ method: 'GET', url: '/api/users?role=PT', headers: ad.auth })).json().data as { email: string; phoneNumber: string | null; idPatient: string | null }[];
    expect(asAd.length).toBeGreaterThan(0);
    expect(asAd.every((u) => u.email === '' && u.phoneNumber === null && u.idPatient === null)).toBe(true);
    const one = (await t.app.inject({ method: 'GET', url: `/api/users/${pt.id}`, headers: ad.auth })).json().data;
    expect(one.email).toBe('');
    // Searching by the hidden address finds nothing either.
    expect((await t.app.inject({ method: 'GET', url: '/api/users?q=pt@demo', headers: ad.auth })).json().data).toEqual([]);
    // The practice administrator, who reads patient files, sees them.
    const asPa = (await t.app.inject({ method: 'GET', url: `/api/users/${pt.id}`, headers: admin.auth })).json().data;
    expect(asPa.email).toBe('pt@demo.wellbe.fr');
  });
});
