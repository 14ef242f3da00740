import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { newestMail, signIn } from './support.ts';

// /user: an administrator runs the practice's accounts from the screens alone. As `ad`: create a
// practitioner, open the invitation mail the server wrote to DATA_DIR/mail, set a password on
// /register/{userId}, sign in as them; then deactivate them and see their session end.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const NEW_PASSWORD = 'Bienvenue-Cabinet-2026!';
const stamp = Date.now().toString(36);
const practitioner = { firstName: 'Inès', lastName: 'Carpentier', username: `icarpentier${stamp}`, email: `ines.carpentier.${stamp}@exemple.fr` };

test.describe.configure({ mode: 'serial' });


/**
 * The invitation link of the newest .eml sent to an address (quoted-printable decoded). The mail
 * is sent by a background job right after the request: wait for it.
 */
async function invitationLink(email: string): Promise<string> {
  await expect.poll(() => newestMail(`${email}.eml`) ?? '', { message: `mail to ${email}` }).toMatch(/\/register\//);
  const text = newestMail(`${email}.eml`) ?? '';
  const match = /https?:\/\/[^\s]+(\/register\/[0-9a-f-]{36}\?token=[\w-]+)/.exec(text);
  expect(match, 'invitation link in the mail').not.toBeNull();
  return match![1];
}

// A practitioner's account is granted by the practice's administrator (PA): AD and RH grant only
// roles without patient access (packages/shared grants.ts).
test('as pa: create a practitioner, who activates the invitation and signs in', async ({ page, browser }) => {
  await signIn(page, 'pa', { at: '/user' });
  await expect(page.getByRole('heading', { level: 1, name: 'Utilisateurs' })).toBeVisible();
  await page.getByRole('button', { name: 'Créer un utilisateur' }).click();
  const dialog = page.getByRole('dialog', { name: 'Créer un utilisateur' });
  await dialog.getByLabel('Prénom').fill(practitioner.firstName);
  await dialog.getByLabel(/^Nom\s*\*?$/).fill(practitioner.lastName);
  await dialog.getByLabel('Nom d’utilisateur').fill(practitioner.username);
  await dialog.getByLabel('Adresse email').fill(practitioner.email);
  await dialog.getByLabel('Métier').fill('Médecin généraliste');
  await dialog.getByRole('combobox', { name: 'Spécialité' }).click();
  await page.getByRole('option', { name: 'Médecin généraliste' }).click();
  await dialog.getByLabel(/^Téléphone\s*\*?$/).fill('06 22 33 44 55');
  await dialog.getByRole('button', { name: 'Créer et inviter' }).click();
  await expect(page.getByText(`Utilisateur créé : l’invitation a été envoyée à ${practitioner.email}.`)).toBeVisible();

  await page.getByLabel('Rechercher (nom, identifiant, email)').fill(practitioner.username);
  const row = page.getByRole('row', { name: new RegExp(practitioner.username) });
  await expect(row).toContainText('Praticien');
  await expect(row).toContainText('Invitation envoyée');

  // The invited practitioner, in their own browser.
  const link = await invitationLink(practitioner.email);
  const context = await browser.newContext();
  const invited = await context.newPage();
  await invited.goto(link);
  await expect(invited.getByRole('heading', { name: 'Activer votre compte' })).toBeVisible();
  await invited.getByLabel('Nouveau mot de passe').fill(NEW_PASSWORD);
  await invited.getByLabel('Confirmation du mot de passe').fill(NEW_PASSWORD);
  await invited.getByRole('button', { name: 'Activer mon compte' }).click();
  // The activation hashes the password (memory-hard on purpose): slow when the suite's workers share the CPU.
  await expect(invited).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  // A new account accepts the policies in force before anything else (issue 20).
  await expect(invited.getByRole('heading', { name: 'Nos conditions ont changé' })).toBeVisible();
  await invited.getByLabel('J’ai lu et j’accepte ces documents').check();
  await invited.getByRole('button', { name: 'Accepter et continuer' }).click();
  await expect(invited.getByText('Inès Carpentier')).toBeVisible();

  // The link is single-use; signing in with the chosen password works.
  await invited.evaluate(() => localStorage.clear());
  await invited.goto(link);
  await expect(invited.getByRole('alert')).toBeVisible();
  await expect(invited.getByRole('button', { name: 'Activer mon compte' })).toHaveCount(0);
  await signIn(invited, practitioner.username, { password: NEW_PASSWORD });
  await expect(invited.getByText('Inès Carpentier')).toBeVisible();
  await context.storageState({ path: path.join(root, '.tmp', `e2e-invited-${stamp}.json`) });
  await context.close();

  await page.reload();
  await page.getByLabel('Rechercher (nom, identifiant, email)').fill(practitioner.username);
  await expect(page.getByRole('row', { name: new RegExp(practitioner.username) })).not.toContainText('Invitation');
});

test('as pa: deactivate the practitioner, whose session ends at once', async ({ page, browser }) => {
  const context = await browser.newContext({ storageState: path.join(root, '.tmp', `e2e-invited-${stamp}.json`) });
  const invited = await context.newPage();
  await invited.goto('/dashboard');
  await expect(invited.getByText('Inès Carpentier')).toBeVisible();

  await signIn(page, 'pa', { at: `/user?q=${practitioner.username}` });
  const row = page.getByRole('row', { name: new RegExp(practitioner.username) });
  await row.getByRole('button', { name: `Actions pour ${practitioner.firstName} ${practitioner.lastName}` }).click();
  await page.getByRole('menuitem', { name: 'Désactiver' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmation' });
  await expect(confirm).toContainText('Ses sessions en cours prennent fin immédiatement');
  await confirm.getByRole('button', { name: 'Désactiver' }).click();
  await expect(row).toContainText('Désactivé');

  // Their next call answers 401: the web app ends the session and shows the login page.
  await invited.goto('/patients/list');
  await expect(invited).toHaveURL(/\/login/);
  // Signing in again is refused, in French.
  await invited.getByLabel('Nom d’utilisateur').fill(practitioner.username);
  await invited.getByLabel('Mot de passe', { exact: true }).fill(NEW_PASSWORD);
  await invited.getByRole('button', { name: 'Se connecter' }).click();
  await expect(invited.getByText('Ce compte est désactivé. Contactez votre administrateur.')).toBeVisible();
  await context.close();
  fs.rmSync(path.join(root, '.tmp', `e2e-invited-${stamp}.json`), { force: true });
});
