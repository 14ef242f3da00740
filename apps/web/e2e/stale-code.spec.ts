import { expect, test } from '@playwright/test';
import { signIn } from './support';

// A tab open across a deployment asks for chunks the server no longer has (lib/stale-code.ts,
// components/error-boundary.tsx): the page reloads once to fetch the new build; if the chunk still
// does not load, a French message and a reload button take the screen, not a blank page.
test('a chunk that no longer loads reloads the page once, then shows the error screen rather than a blank page', async ({ page }) => {
  await signIn(page, 'pr');
  await page.route(/\/assets\/chat-panel-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: '' }));
  const chat = page.getByRole('button', { name: /^Discussions/ });

  // The chat panel's chunk is asked for at its first opening: it fails, the page reloads.
  const reloaded = page.waitForEvent('load');
  await chat.click();
  await reloaded;
  await expect(page).toHaveURL(/\/dashboard$/);

  // Still missing after the reload (this build has no other): no second reload, the error screen.
  await chat.click();
  await expect(page.getByRole('alert')).toContainText('Une erreur est survenue. Réessayez.');
  await expect(page.getByRole('button', { name: 'Recharger la page' })).toBeVisible();
});
