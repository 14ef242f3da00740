import { expect, test } from '@playwright/test';
import { seriousViolations, signIn } from './support.ts';

// As `ad`: add a contact (with a validation error first), star it, import a .vcf with a duplicate.
// As `pt`: the practice's card and "Nous écrire".

const VCF = [
  'BEGIN:VCARD',
  'VERSION:3.0',
  'N:Delmas;Héloïse;;;',
  'FN:Héloïse Delmas',
  'ORG:Maison de santé des Pentes',
  'TITLE:Sage-femme',
  'EMAIL;TYPE=INTERNET:heloise.delmas@msp-pentes.fr',
  'TEL;TYPE=CELL:06 44 55 66 77',
  'NOTE:Suivi des grossesses\\, rééducation périnéale. Disponible le merc',
  ' redi.',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:4.0',
  'FN:Louise Martin-Leroy',
  'N:Martin-Leroy;Louise;;;',
  'EMAIL:louise.martin-leroy@exemple.fr',
  'END:VCARD',
  '',
].join('\r\n');

test('ad adds a contact, stars it and imports a vCard file', async ({ page }) => {
  await signIn(page, 'ad', { at: '/contact' });
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Isabelle Fournier/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Ajouter un contact' }).click();
  const form = page.getByRole('dialog', { name: 'Nouveau contact' });
  await form.getByLabel('Prénom ou nom').fill('Louise');
  await form.getByLabel('Nom', { exact: true }).fill('Martin-Leroy');
  await form.getByLabel('E-mail', { exact: true }).fill('louise@');
  await form.getByLabel('Téléphone', { exact: true }).fill('06 12');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByText('Adresse e-mail invalide.')).toBeVisible();
  await expect(form.getByText(/Numéro de téléphone invalide/)).toBeVisible();
  await form.getByLabel('E-mail', { exact: true }).fill('louise.martin-leroy@exemple.fr');
  await form.getByLabel('Téléphone', { exact: true }).fill('+33 6 12 34 56 78');
  // A second phone, with its type, as a vCard carries it.
  await form.getByRole('button', { name: 'Ajouter un téléphone' }).click();
  await form.getByLabel('Téléphone 2', { exact: true }).fill('04 72 00 11 22');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toBeHidden();

  const details = page.getByRole('region', { name: 'Fiche de Louise Martin-Leroy' });
  await expect(details.getByRole('link', { name: 'louise.martin-leroy@exemple.fr' })).toHaveAttribute('href', 'mailto:louise.martin-leroy@exemple.fr');
  await expect(details.getByRole('link', { name: '+33 6 12 34 56 78' })).toHaveAttribute('href', 'tel:+33612345678');
  await expect(details.getByRole('link', { name: '04 72 00 11 22' })).toHaveAttribute('href', 'tel:0472001122');

  await page.getByRole('button', { name: 'Ajouter Louise Martin-Leroy aux favoris' }).click();
  await expect(page.getByRole('button', { name: 'Retirer Louise Martin-Leroy des favoris' })).toBeVisible();
  await page.getByRole('button', { name: 'Favoris', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Louise Martin-Leroy/ })).toBeVisible();
  await page.getByRole('button', { name: 'Tous les contacts' }).click();

  // Import: the preview shows the new card and the duplicate (same email); one contact is created.
  await page.getByRole('button', { name: 'Importer (.vcf)' }).click();
  const importer = page.getByRole('dialog', { name: 'Importer des contacts (vCard)' });
  await importer.getByTestId('vcf-input').setInputFiles({ name: 'correspondants.vcf', mimeType: 'text/vcard', buffer: Buffer.from(VCF, 'utf8') });
  const preview = importer.getByRole('table', { name: 'Aperçu de l’import' });
  await expect(preview.getByRole('row', { name: /Héloïse Delmas/ })).toContainText('Nouveau');
  await expect(preview.getByRole('row', { name: /Louise Martin-Leroy/ })).toContainText('Doublon de Louise Martin-Leroy');
  await importer.getByRole('button', { name: 'Importer (1)' }).click();
  await expect(page.getByText('Contacts importés : 1')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Rechercher un contact' }).fill('heloise');
  // The search's answer first (one contact left, one checkbox each): the whole list stays on screen
  // while the debounced request runs, and a click as it is replaced reaches no row.
  await expect(page.getByRole('list', { name: 'Liste des contacts' }).getByRole('checkbox')).toHaveCount(1);
  await page.getByRole('button', { name: /^Héloïse Delmas/ }).click();
  await expect(page.getByRole('region', { name: 'Fiche de Héloïse Delmas' })).toContainText('Suivi des grossesses, rééducation périnéale. Disponible le mercredi.');
});

test('pt sees the practice’s card and writes to the practice', async ({ page }) => {
  await signIn(page, 'pt', { at: '/contact' });
  await expect(page.getByRole('heading', { level: 2, name: 'Cabinet Démo' })).toBeVisible();
  await expect(page.getByRole('link', { name: '04 72 00 00 00' })).toHaveAttribute('href', 'tel:0472000000');
  await expect(page.getByText('Horaires d’ouverture')).toBeVisible();
  await expect(page.getByText('Isabelle Fournier')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Objet').fill('Renouvellement d’ordonnance');
  await page.getByLabel('Message').fill('Bonjour, pourriez-vous renouveler mon ordonnance ? Merci.');
  await page.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText('Message envoyé au cabinet')).toBeVisible();
  // The conversation with the practice's secretariat opens in /messaging (issue 16 landed).
  await expect(page).toHaveURL(/\/messaging\?chat=/);
  await expect(page.getByTestId('bubble-mine').last()).toContainText('Bonjour, pourriez-vous renouveler mon ordonnance ? Merci.');
});
