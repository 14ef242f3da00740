import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '@wellbe/shared/schemas/history';
import { i18n } from '../../../i18n/i18n.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { fakeApi, renderAs } from '../../../test/render.tsx';
import { textsInEachLanguage } from '../../../test/texts.ts';
import { AddendaList, HistoryDialog } from './consultation-history.tsx';

// The history of a consultation names each field as the form does (the dietetic ones too), its list
// values and units in the reader's language, and keeps a date inside an Arabic sentence left to right.

textsInEachLanguage(['history', 'consultations', 'patients']);
afterEach(() => vi.unstubAllGlobals());

const VERSIONS: HistoryEntry[] = [
  { version: 1, at: '2026-11-20T08:30:00.000Z', author: { id: 'u1', name: 'Dr Martin', role: 'PR' }, kind: 'created', reason: null, changes: [] },
  {
    version: 2,
    at: '2026-11-21T08:30:00.000Z',
    author: { id: 'u1', name: 'Dr Martin', role: 'PR' },
    kind: 'updated',
    reason: null,
    changes: [
      { field: 'dolorLocation', before: 'Non Renseigné', after: 'Lombaire' },
      { field: 'Size', before: null, after: 172 },
      { field: 'pattern', before: null, after: 'Trois repas' },
    ],
  },
];

async function openIn(language: string) {
  await act(() => i18n.changeLanguage(language));
  fakeApi({ 'GET /api/consultations/c1/history': { data: VERSIONS } });
  renderAs('PR', <HistoryDialog idPatient="p1" idConsultation="c1" open onClose={() => {}} />);
  const versions = await screen.findAllByTestId('history-version');
  return versions[1]!;
}

describe('the consultation history', () => {
  it('in French: the form’s names, no field code', async () => {
    const v2 = await openIn('fr');
    expect(v2).toHaveTextContent('Localisation de la douleur');
    expect(v2).toHaveTextContent('Profil alimentaire');
    expect(v2).toHaveTextContent('172 cm');
    expect(v2).not.toHaveTextContent('pattern');
  });

  it('in English: the fields, the list values and the units', async () => {
    const v2 = await openIn('en');
    expect(v2).toHaveTextContent('Pain location');
    expect(within(v2).getByText('Not specified')).toBeInTheDocument();
    expect(v2).toHaveTextContent('→ Lumbar');
    expect(v2).toHaveTextContent('Eating pattern');
    expect(v2).not.toHaveTextContent('Lombaire');
  });

  it('in Arabic: the units as the file writes them', async () => {
    const v2 = await openIn('ar');
    expect(v2).toHaveTextContent('172 سم');
    expect(v2).toHaveTextContent('قطني');
    expect(v2).toHaveTextContent('النمط الغذائي');
  });

  it('the signature and a complement keep their date left to right in Arabic', async () => {
    await act(() => i18n.changeLanguage('ar'));
    const at = '2026-11-21T08:30:00.000Z';
    renderAs('PR', <AddendaList signedAt={at} signedBy="Dr Martin" addenda={[{ id: 'a1', text: '<p>Ajout</p>', at, authorId: 'u1', authorName: 'Dr Martin' }]} />);
    const dates = document.querySelectorAll('bdi[dir="ltr"]');
    expect([...dates].map((d) => d.textContent)).toEqual([formatDateTime(at), formatDateTime(at)]);
    expect(screen.getByText(/وُقّعت في/)).toHaveTextContent(`وُقّعت في ${formatDateTime(at)} بواسطة Dr Martin`);
  });
});
