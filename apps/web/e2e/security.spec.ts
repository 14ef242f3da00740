import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { fillSignIn, seriousViolations, signIn } from './support.ts';

// Sign-in security (ASVS 5.0 L2): TOTP enrolled from /profile, a passkey through Chromium's virtual
// authenticator, 'Déconnecter toutes les autres sessions', and axe on each new screen.

test.describe.configure({ mode: 'serial' });

async function openProfile(page: Page) {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 2, name: 'Double authentification' })).toBeVisible();
}

async function signOut(page: Page) {
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$|\/$/);
}

/** A TOTP code as the phone would show it, `ahead` seconds from now (30 s = the next step). */
const totp = (secret: string, ahead = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + ahead });

test('pr enables TOTP from /profile, signs out, and signs in with a code', async ({ page }) => {
  await signIn(page, 'pr');
  await openProfile(page);
  await page.getByRole('button', { name: 'Activer l’application d’authentification' }).click();
  await expect(page.getByRole('img', { name: 'QR code à scanner avec l’application d’authentification' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Premier code').fill(await totp(secret));
  await page.getByRole('button', { name: 'Activer', exact: true }).click();
  const codes = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.allTextContents()).map((c) => c.trim());
  await page.screenshot({ path: '/tmp/i12-profile-recovery-codes.png', fullPage: true });
  await page.getByRole('button', { name: 'J’ai noté mes codes' }).click();
  await expect(page.getByText('Activée. Codes de secours restants : 10.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/i12-profile-security.png', fullPage: true });

  await signOut(page);
  await page.goto('/login');
  await fillSignIn(page, 'pr');
  await expect(page.getByRole('heading', { name: 'Double authentification' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/i12-mfa-step.png', fullPage: true });
  // The code of enrolment's step was used: the next one, as the phone shows it 30 s later.
  await page.getByLabel('Code de vérification').fill(await totp(secret, 30));
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Other journeys sign in as pr with the password alone: turn TOTP off with a recovery code.
  await openProfile(page);
  await page.getByLabel('Code actuel').fill(recovery[0]);
  await page.getByRole('button', { name: 'Désactiver' }).click();
  await expect(page.getByRole('button', { name: 'Activer l’application d’authentification' })).toBeVisible();
});

test('a passkey registered with Chromium’s virtual authenticator signs pg in without a password', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  await signIn(page, 'pg');
  await openProfile(page);
  await page.getByLabel('Nom de la clé').fill('Ordinateur du cabinet');
  await page.getByRole('button', { name: 'Ajouter une clé d’accès' }).click();
  await expect(page.getByText('Clé d’accès enregistrée.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Clés d’accès' }).getByText('Ordinateur du cabinet')).toBeVisible();

  await signOut(page);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Utiliser une clé d’accès' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // With the passkey as a second factor, the password alone no longer signs in: remove it for the
  // other journeys that sign in as pg.
  await openProfile(page);
  await page.getByRole('list', { name: 'Clés d’accès' }).getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByRole('list', { name: 'Clés d’accès' })).toHaveCount(0);
});

test('“Déconnecter toutes les autres sessions” ends a second browser’s session', async ({ page, browser }) => {
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  try {
    await signIn(otherPage, 'rh');
    await signIn(page, 'rh', { at: '/profile' });
    const sessions = page.getByRole('list', { name: 'Sessions actives' }).getByTestId('session-row');
    await expect(sessions).toHaveCount(2);
    await page.getByRole('button', { name: 'Déconnecter toutes les autres sessions' }).click();
    await expect(page.getByText('Les autres sessions sont déconnectées.')).toBeVisible();
    await expect(sessions).toHaveCount(1);
    // The other browser's next call is refused: it is back on /login.
    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/login/);
    // This one goes on.
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Sessions actives' })).toBeVisible();
  } finally {
    await other.close();
  }
});

test('the server forgets a token at Déconnexion', async ({ page, request }) => {
  await signIn(page, 'ad');
  const token = await page.evaluate(() => Object.values(localStorage).find((v) => /^ey/.test(v)) ?? '');
  expect(token).not.toBe('');
  await signOut(page);
  const res = await request.get('/api/auth/access-token', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(401);
});

test('PA sees a slowed-down sign-in in /user and clears it', async ({ page, request }) => {
  for (let i = 0; i < 4; i++) {
    const res = await request.post('/api/user', { data: { action: 'login', Username: 'us', Password: `Mauvais-mdp-${i}!A` } });
    expect(res.status()).toBe(401);
  }
  await signIn(page, 'pa', { at: '/user?q=us@demo' });
  const row = page.getByRole('row', { name: /us@demo\.wellbe\.fr/ });
  await row.getByRole('button', { name: /^Actions pour/ }).click();
  await page.getByRole('menuitem', { name: 'Modifier' }).click();
  const lock = page.getByTestId('sign-in-lock');
  // The 1-second wait of the 4th failure is over by now: the failures are shown, and can be cleared.
  await expect(lock).toContainText('4 échecs de connexion récents.');
  expect(await seriousViolations(page)).toEqual([]);
  await lock.getByRole('button', { name: 'Débloquer' }).click();
  await expect(page.getByText('Connexion débloquée.')).toBeVisible();
  await expect(lock).toHaveCount(0);
});
