import { expect, test } from '@playwright/test';
import { signIn } from './support';

// A tab open across a deployment asks for chunks the server no longer has
// (components/error-boundary.tsx): a French message and a reload button take the screen, not a
// blank page, and the reload brings the app back.
test('a chunk that no longer loads shows the error screen rather than a blank page, and its button reloads the app', async ({ page }) => {
  await signIn(page, 'pr');
  await page.route(/\/assets\/chat-panel-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: '' }));

  // The chat panel's chunk is asked for at its first opening: it fails.
  await page.getByRole('button', { name: /^Discussions/ }).click();
  await expect(page.getByRole('alert')).toContainText('Une erreur est survenue. Réessayez.');

  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Recharger la page' }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Bonjour/ })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
