import { act } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { i18n, i18nReady } from '../i18n/i18n.ts';

/**
 * For a file whose tests read the texts in more than one language: `namespaces` loaded before its
 * first test (a language switched to later loads them too), and French again after each test.
 */
export function textsInEachLanguage(namespaces: string[]) {
  beforeAll(async () => {
    await i18nReady;
    await i18n.loadNamespaces(namespaces);
  });
  afterEach(async () => {
    await act(() => i18n.changeLanguage('fr'));
  });
}
