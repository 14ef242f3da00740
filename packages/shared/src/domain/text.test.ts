import { describe, expect, it } from 'vitest';
import { fold } from './text.ts';
import { foldName } from '../schemas/patients.ts';
import { labelHandle } from '../schemas/notes.ts';
import { slugify } from '../schemas/articles.ts';
import { matchesDislike } from './dietetics.ts';

describe('fold', () => {
  it('drops accents, case and repeated spaces', () => {
    expect(fold('  Hélène   DUPONT ')).toBe('helene dupont');
    expect(fold('Éloïse Çağlar')).toBe('eloise caglar');
  });

  it('writes the ligatures out, as a user types them: œuf is oeuf, Lætitia is laetitia', () => {
    expect(fold('Œuf de poule, cœur de bœuf')).toBe('oeuf de poule, coeur de boeuf');
    expect(fold('LÆTITIA Cæcilia')).toBe('laetitia caecilia');
    expect(fold('oeuf')).toBe(fold('œuf'));
  });

  it('is the very function the patient schema exposes to the panel (one implementation)', () => {
    expect(foldName).toBe(fold);
  });

  it('is the rule of the slugs and of the dislike check too', () => {
    expect(labelHandle('Cœur & Sœurs')).toBe('coeur-soeurs');
    expect(slugify('Les œufs, sans œdème')).toBe('les-oeufs-sans-oedeme');
    expect(matchesDislike('Œuf dur', ['oeuf'])).toBe('oeuf');
  });
});
