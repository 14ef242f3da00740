import { expect, test } from '@playwright/test';
import { startLoopbackProvider, type LoopbackProvider } from '../../server/test/oidc-provider.ts';
import { apiSession, seriousViolations, signIn } from './support.ts';

// Sign-in with Pro Santé Connect through the browser: a real OpenID Connect provider
// (oidc-provider) on loopback plays PSC, the platform's provider is set as DE would in /admin, and
// pr clicks "Se connecter avec Pro Santé Connect": every redirect of the code flow, then /dashboard.

test.describe.configure({ mode: 'serial' });

/** pr's RPPS in the demo data (a valid key, not a real person's). */
const PR_RPPS = '10009876540';
let op: LoopbackProvider;

test.beforeAll(async ({ request }, info) => {
  op = await startLoopbackProvider(`${info.project.use.baseURL}/api/auth/oidc/callback`);
  const de = await apiSession(request, 'de');
  const res = await request.put('/api/admin/oidc-providers/platform', {
    headers: de.headers,
    data: { label: 'Pro Santé Connect', issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret, scopes: 'openid scope_all', claim: 'SubjectNameID', matchOn: 'rpps' },
  });
  expect(res.status()).toBe(200);
});
test.afterAll(async () => {
  await op?.close();
});

test('pr signs in with Pro Santé Connect through the browser, without a password or a second factor', async ({ page }) => {
  op.as({ sub: 'psc-pr', SubjectNameID: `8${PR_RPPS}` });
  await page.goto('/login');
  const button = page.getByRole('link', { name: 'Se connecter avec Pro Santé Connect' });
  await expect(button).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/oidc37-login-psc.png', fullPage: true });
  await button.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Julien Moreau').first()).toBeVisible();
});

test('an unknown professional is asked to get an invitation, and no account is created', async ({ page }) => {
  op.as({ sub: 'psc-unknown', SubjectNameID: '810000000009' });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Se connecter avec Pro Santé Connect' }).click();
  await expect(page).toHaveURL(/\/login\/oidc$/);
  await expect(page.getByRole('heading', { name: 'Compte introuvable' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Demandez une invitation à l’administrateur de votre structure');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/oidc37-unknown.png', fullPage: true });
  await page.getByRole('link', { name: 'Retour à la connexion' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('DE finds the platform’s Pro Santé Connect settings in /admin, without its secret', async ({ page, baseURL }) => {
  await signIn(page, 'de', { at: '/admin?tab=oidc' });
  const form = page.getByRole('form', { name: 'Pro Santé Connect (toute la plateforme)' });
  await expect(form.getByLabel('Émetteur (issuer)')).toHaveValue(op.issuer);
  await expect(form.getByLabel('Secret client')).toHaveValue('');
  await expect(form.getByText('Un secret est enregistré : laissez vide pour le garder.')).toBeVisible();
  await expect(form.getByText(`${baseURL}/api/auth/oidc/callback`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/oidc37-admin.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/oidc37-admin-phone.png', fullPage: true });
});
