import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from '../../i18n/i18n.ts';
import { journalLabel } from './journal-labels.ts';

describe('journal labels', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.changeLanguage('fr');
    await i18n.loadNamespaces('admin');
  });

  it('reads action codes and record types as French words, never a raw code where a word is known', () => {
    const t = i18n.getFixedT('fr', 'admin');
    expect(journalLabel(t, 'patient.file.read')).toBe('Patient · Dossier · Lecture');
    expect(journalLabel(t, '/api/profil:updatePassword')).toBe('Profil · Changement du mot de passe');
    expect(journalLabel(t, '/api/consultation:createBySpeciality')).toBe('Consultation · Création');
    expect(journalLabel(t, 'consultation')).toBe('Consultation');
    expect(journalLabel(t, 'organisation')).toBe('Organisation');
    expect(journalLabel(t, 'job.retry')).toBe('Tâche de fond · Relance');
    // An unknown word stays visible as it is.
    expect(journalLabel(t, 'patient.teleport')).toBe('Patient · teleport');
    expect(journalLabel(t, null)).toBe('');
  });
});
