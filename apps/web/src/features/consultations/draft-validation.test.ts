import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from '../../i18n/i18n.ts';
import { emptyDraft } from './consultation-store.ts';
import { checkDraft, consultationMessage } from './draft-validation.ts';
import { PAIN_START_MESSAGES } from '@wellbe/shared/domain/consultation';
import { CONSULTATION_MESSAGES } from '@wellbe/shared/schemas/consultations';

// The panel's checks are the server's rules, whose messages are French (packages/shared): the
// helper texts under the fields are those messages in the interface's language.

beforeAll(async () => {
  await i18nReady;
  await i18n.loadNamespaces('consultations');
});
afterEach(async () => {
  await i18n.changeLanguage('fr');
});

const TODAY = new Date('2026-11-20T12:00:00Z');
const wrong = () =>
  checkDraft({ ...emptyDraft(), Size: '300', Weight: '8,2,1', eradiation: 'x'.repeat(2001), startEradiationDate: '2027-01-01', antalgesicTreatment: 'Oui', treatmentName: '' }, { today: TODAY }).errors;

describe('the consultation panel’s messages', () => {
  it('stay SPEC’s French in French', () => {
    expect(wrong()).toMatchObject({
      Size: 'La taille doit être comprise entre 30 et 250 cm.',
      Weight: 'Nombre invalide : saisissez des chiffres avec une virgule ou un point décimal (ex. 8,2).',
      eradiation: `${(2000).toLocaleString('fr-FR')} caractères au maximum.`,
      startEradiationDate: 'La date de début de la douleur ne peut pas être dans le futur.',
      treatmentName: 'Le nom du traitement est obligatoire.',
    });
  });

  it('are in English for an English reader', async () => {
    await i18n.changeLanguage('en');
    expect(wrong()).toMatchObject({
      Size: 'The height must be between 30 and 250 cm.',
      Weight: 'Invalid number: type digits with a decimal comma or point (e.g. 8.2).',
      eradiation: '2,000 characters at most.',
      startEradiationDate: "The pain's start date cannot be in the future.",
      treatmentName: "The treatment's name is required.",
    });
    expect(consultationMessage(PAIN_START_MESSAGES.invalid)).toBe('Incomplete or invalid date: type it as DD/MM/YYYY.');
  });

  it('are in Arabic for an Arabic reader, the limit in Latin digits', async () => {
    await i18n.changeLanguage('ar');
    expect(wrong()).toMatchObject({ Size: 'يجب أن يكون الطول بين 30 و250 سم.', eradiation: '2,000 حرف كحد أقصى.', treatmentName: 'اسم العلاج إلزامي.' });
  });

  it('include the server’s refusals of a save: SPEC’s French to the letter, then the reader’s language', async () => {
    const refusals = [CONSULTATION_MESSAGES.versionConflict, CONSULTATION_MESSAGES.empty, CONSULTATION_MESSAGES.notFound, CONSULTATION_MESSAGES.idTaken];
    expect(refusals.map((m) => consultationMessage(m))).toEqual(refusals);
    await i18n.changeLanguage('en');
    expect(consultationMessage(CONSULTATION_MESSAGES.versionConflict)).toBe('This consultation was changed in the meantime: reload it before saving.');
    await i18n.changeLanguage('ar');
    expect(refusals.map((m) => consultationMessage(m)).every((m) => !/[a-zé]{3}/i.test(m))).toBe(true);
  });
});
