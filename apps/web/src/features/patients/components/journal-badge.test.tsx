import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../../../i18n/i18n.ts';
import { useDiaryNewCounts } from '../../../lib/diary-badge.ts';
import { fakeApi, renderAs } from '../../../test/render.tsx';
import { DiaryTab } from './diary-tab.tsx';
import { FileTabLabel } from './file-tab-label.tsx';
import { PatientCard, PatientRow } from './patient-rows.tsx';

// The file's 'Journal' tab shows a followed patient's entries the practitioner has not seen; opening
// the diary marks that patient's entries seen (once), and the badge goes.

const ID = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the file's 'Journal' tab badge", () => {
  it('shows the unseen entries of this patient (not the other followed patients’), the label alone marks nothing seen', async () => {
    let seen = false;
    const badge = () => ({ success: true, data: seen ? { count: 1, patients: [{ idPatient: 'other', FullName: 'Hélène Martin', count: 1 }] } : { count: 3, patients: [{ idPatient: ID, FullName: 'Lucas Bernard', count: 2 }, { idPatient: 'other', FullName: 'Hélène Martin', count: 1 }] } });
    const requests = fakeApi({
      'GET /api/diary/notifications': badge,
      [`GET /api/patients/${ID}/diary`]: { success: true, data: [] },
      [`POST /api/patients/${ID}/diary/seen`]: () => ((seen = true), { success: true }),
    });
    renderAs('PR', <FileTabLabel label="Journal" idPatient={ID} journal />);
    const pill = await screen.findByTestId('diary-new-pill');
    expect(pill).toHaveTextContent('2');
    expect(pill).toHaveTextContent('2 nouvelles entrées de journal');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('opening the diary sends the patient’s seen once and the badge is 0 again', async () => {
    let seen = false;
    const requests = fakeApi({
      'GET /api/diary/notifications': () => ({ success: true, data: seen ? { count: 0, patients: [] } : { count: 2, patients: [{ idPatient: ID, FullName: 'Lucas Bernard', count: 2 }] } }),
      [`GET /api/patients/${ID}/diary`]: { success: true, data: [] },
      [`POST /api/patients/${ID}/diary/seen`]: () => ((seen = true), { success: true }),
    });
    renderAs(
      'PR',
      <>
        <FileTabLabel label="Journal" idPatient={ID} journal />
        <DiaryTab idPatient={ID} />
      </>,
    );
    await vi.waitFor(() => expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([`/api/patients/${ID}/diary/seen`]));
    await vi.waitFor(() => expect(screen.queryByTestId('diary-new-pill')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(within(document.body).getByText('Journal')).toBeInTheDocument();
  });

  it('the patient list shows the count on the followed patient’s row and card, not on the others', async () => {
    fakeApi({ 'GET /api/diary/notifications': { success: true, data: { count: 2, patients: [{ idPatient: ID, FullName: 'Lucas Bernard', count: 2 }] } } });
    const row = { idPatient: ID, FullName: 'Lucas Bernard', PhoneNumber: '06 12 34 56 78', Email: 'lucas.bernard@exemple.fr', birthDate: null, lastConsultationAt: null, consultationCount: 1, archivedAt: null };
    // As the list page gives them: the counts read once for the list.
    function List() {
      const diaryNew = useDiaryNewCounts();
      const count = (idPatient: string) => diaryNew.get(idPatient) ?? 0;
      const other = { ...row, idPatient: 'other', FullName: 'Hélène Martin' };
      return (
        <>
          <table>
            <tbody>
              <PatientRow p={row} diaryNew={count(row.idPatient)} onOpen={() => undefined} />
              <PatientRow p={other} diaryNew={count(other.idPatient)} onOpen={() => undefined} />
            </tbody>
          </table>
          <ul>
            <PatientCard p={row} diaryNew={count(row.idPatient)} onOpen={() => undefined} />
          </ul>
        </>
      );
    }
    renderAs('PR', <List />);
    await vi.waitFor(() => expect(screen.getAllByTestId('diary-new-pill')).toHaveLength(2));
    expect(screen.getByRole('row', { name: /Lucas Bernard/ })).toHaveTextContent('2 nouvelles entrées de journal');
    expect(screen.getByRole('row', { name: /Hélène Martin/ })).not.toHaveTextContent('nouvelle');
  });
});
