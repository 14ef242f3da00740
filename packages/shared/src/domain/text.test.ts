import { describe, expect, it } from 'vitest';
import { fold } from './text.ts';
import { foldName } from '../schemas/patients.ts';

describe('fold', () => {
  it('drops accents, case and repeated spaces', () => {
    expect(fold('  Hélène   DUPONT ')).toBe('helene dupont');
    expect(fold('Éloïse Çağlar')).toBe('eloise caglar');
  });

  it('is the very function the patient schema exposes to the panel (one implementation)', () => {
    expect(foldName).toBe(fold);
  });
});
