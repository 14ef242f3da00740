import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { textsInEachLanguage } from '../../../test/texts.ts';
import { NoticeView } from './notice-view.tsx';

const NOTICE = {
  idNotice: 'n1',
  idConsultation: 'c1',
  Star: 5,
  PatientOpinion: 'Très à l’écoute',
  Recommend: true,
  createdAt: '2026-11-30T10:00:00.000Z',
  updatedAt: '2026-11-30T10:00:00.000Z',
  editableUntil: '2026-12-07T10:00:00.000Z',
};

textsInEachLanguage(['patients']);

// The patient's words between the quotation marks of the reader's language (common `quoted`): the
// French « » were written into the code and showed in English.
describe('a patient’s notice', () => {
  for (const [language, quoted] of [
    ['fr', '« Très à l’écoute »'],
    ['en', '“Très à l’écoute”'],
  ] as const) {
    it(`quotes the opinion as ${language} does`, async () => {
      await act(() => i18n.changeLanguage(language));
      render(<NoticeView notice={NOTICE} />);
      expect(screen.getByText(quoted)).toBeInTheDocument();
    });
  }
});
