import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { translateMessage, type MessageKeys } from './messages.ts';

// The one way a screen shows a shared French message in the reader's language.

const t = ((key: string, values: Record<string, unknown> = {}) => `${key}${Object.keys(values).length ? JSON.stringify(values) : ''}`) as unknown as TFunction;
const KEYS: MessageKeys = { 'Saisissez un nombre.': 'errors.number', 'Au plus 30.': ['errors.max', { max: 30 }] };

describe('translateMessage', () => {
  it('reads a known message through its key, with its values', () => {
    expect(translateMessage(t, KEYS, 'Saisissez un nombre.')).toBe('errors.number');
    expect(translateMessage(t, KEYS, 'Au plus 30.')).toBe('errors.max{"max":30}');
  });

  it('shows an unknown message as sent, and nothing for no message', () => {
    expect(translateMessage(t, KEYS, 'Autre chose.')).toBe('Autre chose.');
    expect(translateMessage(t, KEYS, undefined)).toBeUndefined();
    expect(translateMessage(t, KEYS, '')).toBeUndefined();
  });
});
