import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DiaryEntry } from '@wellbe/shared/schemas/diary';
import { i18n } from '../../../i18n/i18n.ts';
import { fakeApi, renderAs } from '../../../test/render.tsx';
import { textsInEachLanguage } from '../../../test/texts.ts';
import { EntryList } from './entry-list.tsx';
import { PainForm } from './simple-forms.tsx';

// The pain's location is stored as the consultation form's French value ('Lombaire'): the diary
// names it in the patient's language, in the list of entries and in the form's choices.

textsInEachLanguage(['diary', 'consultations']);
afterEach(() => vi.unstubAllGlobals());

const PAIN: DiaryEntry = {
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'pain',
  at: '2026-11-20T08:30:00.000Z',
  day: '2026-11-20',
  weightKg: null,
  intensity: 6,
  location: 'Lombaire',
  meal: null,
  items: [],
  energyKcal: null,
  proteinsG: null,
  carbohydratesG: null,
  fatG: null,
  sessionId: null,
  activity: null,
  durationMin: null,
  activityIntensity: null,
  note: null,
  hasPhoto: false,
  comment: null,
  createdAt: '2026-11-20T08:30:00.000Z',
};

describe('a pain entry’s location', () => {
  for (const [language, text] of [
    ['fr', 'Douleur 6/10 (Lombaire)'],
    ['en', 'Pain 6/10 (Lumbar)'],
  ] as const) {
    it(`reads « ${text} » in ${language}`, async () => {
      await act(() => i18n.changeLanguage(language));
      render(<EntryList entries={[PAIN]} />);
      expect(await screen.findByText(text)).toBeInTheDocument();
    });
  }

  it('is chosen among names in the patient’s language, and sent as the stored value', async () => {
    await act(() => i18n.changeLanguage('en'));
    const requests = fakeApi({ 'POST /api/diary/entries': { success: true, data: { id: 'e1' } } });
    renderAs('PT', <PainForm />);
    await userEvent.click(await screen.findByRole('combobox', { name: 'Location' }));
    await userEvent.click(screen.getByRole('option', { name: 'Upper limb' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ kind: 'pain', location: 'Membre supérieur' }));
  });
});
