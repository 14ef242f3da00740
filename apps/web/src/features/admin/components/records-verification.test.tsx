import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { textsInEachLanguage } from '../../../test/texts.ts';
import { fakeApi, renderAs } from '../../../test/render.tsx';
import { RecordsVerification } from './records-verification.tsx';

// The last verification's date-time read « 14:30 12/03/2026 » inside the Arabic sentence: it is
// isolated left to right (<bdi dir="ltr">), the sentence keeps its words in place.

textsInEachLanguage(['history']);
afterEach(() => vi.unstubAllGlobals());

describe('the records’ last verification', () => {
  it('isolates its date-time left to right in Arabic', async () => {
    await act(() => i18n.changeLanguage('ar'));
    fakeApi({ 'GET /api/admin/records-verification': { data: { at: '2026-03-12T13:30:00.000Z', chains: 3, versions: 12, ok: true, failures: [] } } });
    renderAs('SA', <RecordsVerification />);
    const alert = await screen.findByTestId('records-verification');
    expect(alert.querySelector('bdi[dir="ltr"]')?.textContent).toBe('12/03/2026 14:30');
    expect(alert.textContent).toContain('آخر تحقق');
  });
});
