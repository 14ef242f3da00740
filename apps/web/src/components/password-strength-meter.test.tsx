import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, i18nReady } from '../i18n/i18n.ts';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

// The dictionaries held back until the test lets them come, as a slow phone's network would.
let release!: () => void;
const loaded = new Promise<void>((resolve) => (release = resolve));
vi.mock('@wellbe/shared/domain/password-strength', () => ({
  loadPasswordStrength: async () => {
    await loaded;
    return () => ({ score: 4, tooCommon: false });
  },
}));

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('fr');
});

describe('PasswordStrengthMeter', () => {
  it('holds the score’s line while the dictionaries load, so that what is below does not move when it comes', async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <Suspense fallback="…">
          <PasswordStrengthMeter value="Nouveau-Mdp-2026!" />
        </Suspense>
      </I18nextProvider>,
    );
    // Before: the line is there, empty (a non-breaking space keeps its height).
    const line = await screen.findByTestId('password-strength-text');
    expect(line.textContent).toBe('\u00a0');
    release();
    // After: the same element holds the score; nothing was inserted above the form's buttons.
    await vi.waitFor(() => expect(line.textContent).toBe('Très bon'));
    expect(screen.getByTestId('password-strength-text')).toBe(line);
  });
});
