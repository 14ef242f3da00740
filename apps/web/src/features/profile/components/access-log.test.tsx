import { act, fireEvent, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { fakeUser } from '../../../test/fixtures.ts';
import { fakeApi, renderAs } from '../../../test/render.tsx';
import { textsInEachLanguage } from '../../../test/texts.ts';
import { AccessLog } from './access-log.tsx';

// « I do not recognise this access »: the dialog's sentence names the access's date-time, which read
// « 14:30 12/03/2026 » in Arabic; it is isolated left to right (<bdi dir="ltr">).

textsInEachLanguage(['records']);
afterEach(() => vi.unstubAllGlobals());

const ID = '00000000-0000-4000-8000-0000000000p1';
const ENTRY = { id: 7, at: '2026-03-12T13:30:00.000Z', actor: 'Dr Durand', role: 'PR', kind: 'consultation', operation: 'read', action: 'consultation.read', change: null, changeOn: null, self: false, flag: null };

describe('flagging an access', () => {
  it('isolates the access’s date-time in the Arabic sentence', async () => {
    await act(() => i18n.changeLanguage('ar'));
    fakeApi({ [`GET /api/patients/${ID}/access-log`]: { data: { items: [ENTRY], nextCursor: null } } });
    renderAs(fakeUser('PT', { idPatient: ID }), <Suspense fallback="…"><AccessLog idPatient={ID} canFlag /></Suspense>);
    fireEvent.click((await screen.findAllByRole('button', { name: i18n.t('records:log.flag.action') }))[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('12/03/2026 14:30').closest('bdi')).toHaveAttribute('dir', 'ltr');
  });
});
