import { expect, test, type Page } from '@playwright/test';
import { fillSignIn, seriousViolations, seriousWithInitials } from './support.ts';

/** Signs in with room for a busy machine (two browsers at once). */
async function signIn(page: Page, username: string) {
  await page.goto('/login');
  await fillSignIn(page, username);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
}

// Messaging (issue 16): pr and pa chat live in two browsers (typing, message, read tick, unread
// badge and tab title), Escape closes the panel; pt writes to pr; axe on the panel and /messaging.

test('pr and pa chat live in the panel: typing, message, read tick, unread badge, Escape closes', async ({ browser }) => {
  test.setTimeout(120_000);
  const prContext = await browser.newContext();
  const paContext = await browser.newContext();
  const pr = await prContext.newPage();
  const pa = await paContext.newPage();
  await signIn(pr, 'pr');
  await signIn(pa, 'pa');

  // The demo leaves pr unread messages: the toolbar badge and the tab title say so.
  await expect(pr).toHaveTitle(/^\(\d+\) /);
  await expect(pr.getByRole('button', { name: /^Discussions \(\d+\)$/ })).toBeVisible();

  // pr opens the conversation with pa.
  await pr.getByRole('button', { name: /^Discussions/ }).click();
  const prPanel = pr.getByRole('dialog', { name: 'Discussions' });
  await expect(prPanel.getByText('Sélectionnez un contact')).toBeVisible();
  expect(await seriousViolations(pr, { include: '.MuiDrawer-paper' })).toEqual([]);
  await prPanel.getByRole('button', { name: /Antoine Lefèvre/ }).click();
  await expect(prPanel.getByText('Merci ! Son dernier bilan est dans son dossier.')).toBeVisible();

  // pa opens the same conversation and writes.
  await pa.getByRole('button', { name: /^Discussions/ }).click();
  const paPanel = pa.getByRole('dialog', { name: 'Discussions' });
  await paPanel.getByRole('button', { name: /Julien Moreau/ }).click();
  const input = paPanel.getByRole('textbox', { name: 'Écrivez votre message' });
  await input.pressSequentially('Tu as vu');
  await expect(prPanel.getByText('Antoine Lefèvre est en train d’écrire…')).toBeVisible();
  await input.fill('Tu peux passer à 12 h ? <b>merci</b>');
  await input.press('Enter');
  await expect(input).toHaveValue('');

  // pr sees it live, as text; pa sees it read.
  await expect(prPanel.getByText('Tu peux passer à 12 h ? <b>merci</b>')).toBeVisible();
  await expect(paPanel.getByTestId('tick-read').last()).toBeVisible();

  // An empty message is not sent.
  await input.fill('   ');
  await input.press('Enter');
  await expect(paPanel.getByTestId('bubble-mine')).toHaveCount(3);

  // Escape closes the panel; opening it again starts from the contact list.
  await pr.keyboard.press('Escape');
  await expect(prPanel).toBeHidden();
  await pr.getByRole('button', { name: /^Discussions/ }).click();
  await expect(pr.getByRole('dialog', { name: 'Discussions' }).getByText('Sélectionnez un contact')).toBeVisible();
  await prContext.close();
  await paContext.close();
});

test('pt writes to pr from /messaging; axe on /messaging', async ({ page }) => {
  await signIn(page, 'pt');
  await page.goto('/messaging');
  await expect(page.getByRole('heading', { level: 1, name: 'Messagerie' })).toBeVisible();
  await expect(page.getByText('Sélectionnez un contact')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('messaging-row').filter({ hasText: 'Julien Moreau' }).click();
  await expect(page.getByText('Bonjour docteur, puis-je reprendre la course à pied ?')).toBeVisible();
  // The conversations' initials (avatars without a photo) are read too.
  expect(await seriousWithInitials(page)).toEqual([]);
  const input = page.getByRole('textbox', { name: 'Écrivez votre message' });
  await input.fill('Merci docteur, je reprends doucement.');
  await page.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByTestId('bubble-mine').last()).toContainText('Merci docteur, je reprends doucement.');
});

test('on a phone, the conversations stay inside their card: a long last message is cut, not the search field', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'pt');
  await page.goto('/messaging');
  const row = page.getByTestId('messaging-row').filter({ hasText: 'Julien Moreau' });
  await expect(row).toBeVisible();
  const card = (await page.getByRole('list', { name: 'Messagerie' }).locator('xpath=ancestor::div[contains(@class, "MuiCard-root")]').boundingBox())!;
  for (const box of [await page.getByRole('searchbox', { name: 'Rechercher une conversation' }).boundingBox(), await row.boundingBox()]) {
    expect(box!.x + box!.width).toBeLessThanOrEqual(card.x + card.width);
  }
});

test('pr creates a group on /messaging, sends a file, renames the group and leaves it', async ({ page }) => {
  await signIn(page, 'pr');
  await page.goto('/messaging');
  await page.getByRole('button', { name: 'Nouvelle conversation de groupe' }).click();
  await page.getByLabel('Nom du groupe').fill('Astreinte e2e');
  await page.getByLabel('Membres').click();
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: 'Créer' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Astreinte e2e' })).toBeVisible();
  // An attachment, typed by its bytes on the server, shown as a downloadable file in the bubble.
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');
  await page.getByTestId('chat-attach-input').setInputFiles({ name: 'compte-rendu.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByTestId('bubble-mine').last().getByRole('button', { name: /compte-rendu\.pdf/ })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByTestId('bubble-mine').last().getByRole('button', { name: /compte-rendu\.pdf/ }).click();
  expect((await download).suggestedFilename()).toBe('compte-rendu.pdf');
  // Group management from the details column.
  await page.getByLabel('Nom du groupe').fill('Astreinte du samedi');
  await page.getByRole('button', { name: 'Renommer' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Astreinte du samedi' })).toBeVisible();
  // The chat panel lists the same group conversations as /messaging.
  await page.getByRole('button', { name: /^Discussions/ }).click();
  const chatPanel = page.getByRole('dialog', { name: 'Discussions' });
  await chatPanel.getByRole('list', { name: 'Groupes' }).getByRole('button', { name: /Astreinte du samedi/ }).click();
  await expect(chatPanel.getByTestId('bubble-mine').last().getByRole('button', { name: /compte-rendu\.pdf/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(chatPanel).toBeHidden();
  await page.getByRole('button', { name: 'Quitter la conversation' }).click();
  await expect(page.getByText('Sélectionnez un contact')).toBeVisible();
  await expect(page.getByTestId('messaging-row').filter({ hasText: 'Astreinte du samedi' })).toHaveCount(0);
});
