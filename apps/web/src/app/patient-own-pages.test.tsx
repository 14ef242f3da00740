import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MyDocumentsPage } from '../features/clinical-documents/my-documents-page.tsx';
import { MyMenuPage } from '../features/dietetics/my-menu-page.tsx';
import MyDiaryPage from '../features/diary/my-diary-page.tsx';
import { MyQuestionnairesPage } from '../features/questionnaires/my-questionnaires-page.tsx';
import { SportTodayPage } from '../features/sport/today-page.tsx';
import { notify } from '../lib/notify.ts';
import { apiError, fakeApi, renderAs } from '../test/render.tsx';
import { textsInEachLanguage } from '../test/texts.ts';

// A patient's own pages opened by someone without a patient file (a practitioner typing the URL):
// the page says why, once. A toast said it again beside the page's message, twice on /journal (its
// two requests), and pa11y's checker failed that page on the toasts' duplicate id.

vi.mock('../lib/notify.ts', () => ({ notify: vi.fn() }));

textsInEachLanguage(['diary', 'dietetics', 'sport', 'clinicalDocuments', 'questionnaires']);
beforeEach(() => vi.mocked(notify).mockClear());
afterEach(() => vi.unstubAllGlobals());

const NO_LINK = 'Aucun dossier patient n’est lié à ce compte.';
const refused = () => apiError(404, 'no_patient_link', NO_LINK);

const PAGES: [string, ReactElement, string[]][] = [
  ['/journal', <MyDiaryPage key="d" />, ['GET /api/diary/entries', 'GET /api/diary/day']],
  ['/dietetiques/mon-menu', <MyMenuPage key="m" />, ['GET /api/dietetics/my-menu']],
  ['/program/sportif/today', <SportTodayPage key="s" />, ['GET /api/sport-programs/mine']],
  ['/mes-documents', <MyDocumentsPage key="c" />, ['GET /api/clinical-documents/mine']],
  ['/questionnaires/mine', <MyQuestionnairesPage key="q" />, ['GET /api/questionnaires/mine']],
];

describe('a patient’s own page without a patient file', () => {
  for (const [url, page, requests] of PAGES) {
    it(`${url}: the server’s reason in the page, once, and no toast`, async () => {
      const asked = fakeApi(Object.fromEntries(requests.map((r) => [r, refused])));
      renderAs('PR', page, { url, path: url });
      expect(await screen.findByText(NO_LINK)).toBeInTheDocument();
      expect(screen.getAllByText(NO_LINK)).toHaveLength(1);
      for (const r of requests) expect(asked.some((a) => `${a.method} ${a.path}` === r)).toBe(true);
      expect(notify).not.toHaveBeenCalled();
    });
  }
});
