import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { textsInEachLanguage } from '../../../test/texts.ts';
import { renderAs } from '../../../test/render.tsx';
import { consultationStore, startNewConsultation } from '../consultation-store.ts';
import { ConsultationRecordBar } from './consultation-record.tsx';

// A signed consultation's line and its addenda's: in Arabic, « 12/03/2026 14:30 » read
// « 14:30 12/03/2026 » inside the sentence; the date-time is isolated left to right (<bdi dir="ltr">).

textsInEachLanguage(['history']);
afterEach(() => act(() => startNewConsultation({ keepPatient: false })));

function openSigned() {
  act(() =>
    consultationStore.set({
      mode: 'edit',
      editing: {
        idConsultation: 'c1',
        version: 2,
        idPatient: 'p1',
        patientFullName: 'Hélène Martin',
        consultationDate: '2026-03-12T13:30:00.000Z',
        documents: [],
        signedAt: '2026-03-12T13:30:00.000Z',
        signedByName: 'Dr Durand',
        lockedAt: '2026-03-13T08:00:00.000Z',
        addenda: [{ id: 'a1', at: '2026-03-14T09:05:00.000Z', authorId: 'u1', authorName: 'Dr Durand', text: '<p>Vu</p>' }],
      },
    }),
  );
}

describe('the signature and addenda lines', () => {
  it('isolate their date-times left to right in Arabic', async () => {
    await act(() => i18n.changeLanguage('ar'));
    // After the sign-in: a new session empties the panel (a draft is its owner's only).
    renderAs('PR', <ConsultationRecordBar canWrite={false} />);
    openSigned();
    const isolated = [...(await screen.findByTestId('consultation-record')).querySelectorAll('bdi[dir="ltr"]')].map((b) => b.textContent);
    expect(isolated).toEqual(['12/03/2026 14:30', '14/03/2026 10:05']);
  });
});
