import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { textsInEachLanguage } from '../../../test/texts.ts';
import { fakeApi, renderAs } from '../../../test/render.tsx';
import { DiaryTab } from './diary-tab.tsx';

// The diary's week summary: the weight change is signed, written in the reader's notation, and in
// Arabic isolated left to right (U+2066 … U+2069): « +1.2 » read « 1.2+ » inside « الوزن: … كغ ».

const ID = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const SUMMARY = { from: '2026-03-06', to: '2026-03-12', entries: { weight: 2, meal: 0, pain: 0, activity: 0 }, weightChange: 1.2, painAverage: null, energyAverage: null, targetKcal: null, activityMin: 0, adherence: 0.5 };

textsInEachLanguage(['diary']);
afterEach(() => vi.unstubAllGlobals());

function openDiary() {
  fakeApi({
    'GET /api/diary/notifications': { success: true, data: { count: 0, patients: [] } },
    [`GET /api/patients/${ID}/diary`]: { success: true, data: [] },
    [`GET /api/patients/${ID}/diary/summary`]: { success: true, data: SUMMARY },
    [`GET /api/patients/${ID}/diary/chart`]: { success: true, data: { from: '2025-12-13', to: '2026-03-12', granularity: 'week', buckets: [], targetKcal: null, consultations: [], following: false } },
  });
  renderAs('PR', <DiaryTab idPatient={ID} />);
}

describe('the diary’s week summary', () => {
  it('writes the weight change with a French decimal comma', async () => {
    openDiary();
    expect(await screen.findByText('Poids : +1,2 kg sur la semaine')).toBeInTheDocument();
  });

  it('keeps the signed weight change left to right in Arabic', async () => {
    await act(() => i18n.changeLanguage('ar'));
    openDiary();
    expect(await screen.findByText('الوزن: \u2066+1.2\u2069 كغ خلال الأسبوع')).toBeInTheDocument();
  });
});
