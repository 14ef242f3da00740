import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../../../i18n/i18n.ts';
import { renderAs } from '../../../test/render.tsx';
import { PatientChoiceField } from './patient-choice-field.tsx';

beforeAll(async () => {
  await i18nReady;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the save dialog’s patient choice', () => {
  it('names its spinner while the search runs (axe: a progress bar without a name, seen by a CI run)', async () => {
    // The server has not answered yet.
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
    renderAs('PR', <PatientChoiceField value={null} onChange={() => {}} input="Dup" onInput={() => {}} enabled disabled={false} />);
    expect(await screen.findByRole('progressbar', { name: 'Chargement...' })).toBeInTheDocument();
  });
});
