import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Assignment } from '@wellbe/shared/schemas/questionnaires';
import { i18n } from '../../../i18n/i18n.ts';
import { apiError, fakeApi, renderAs } from '../../../test/render.tsx';
import { textsInEachLanguage } from '../../../test/texts.ts';
import { AnswerForm } from './answer-form.tsx';
import { BuilderDialog } from './builder-dialog.tsx';

// The answers and the builder are checked with the server's rules, whose messages are French
// (packages/shared): a patient or practitioner reading English or Arabic reads them in that language.

textsInEachLanguage(['questionnaires', 'common']);
afterEach(() => vi.unstubAllGlobals());

const ASSIGNMENT = {
  id: 'a1',
  status: 'in_progress',
  source: 'manual',
  questionnaire: {
    id: 'q',
    title: 'Suivi',
    introduction: '',
    version: 1,
    preVisit: false,
    questions: [
      { id: 'sleep', type: 'yesNo', label: 'Dormez-vous bien ?', required: true },
      { id: 'weight', type: 'number', label: 'Poids', unit: 'kg', min: 20, max: 150 },
    ],
  },
  answers: { weight: 200 },
  dueAt: null,
  availableAt: '2026-11-20T08:00:00.000Z',
  appointmentId: null,
  submittedAt: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
} as unknown as Assignment;

async function submitIn(language: string) {
  await act(() => i18n.changeLanguage(language));
  fakeApi({});
  renderAs('PT', <AnswerForm assignment={ASSIGNMENT} onDone={() => {}} />);
  await userEvent.click(await screen.findByRole('button', { name: i18n.t('questionnaires:form.submit') }));
}

describe('answer form messages', () => {
  it('stay the SPEC French texts in French', async () => {
    await submitIn('fr');
    expect(screen.getByText('Cette question est obligatoire.')).toBeVisible();
    expect(screen.getByText('La valeur doit être inférieure ou égale à 150 kg.')).toBeVisible();
  });

  it('are in English for an English reader', async () => {
    await submitIn('en');
    expect(screen.getByText('This question is required.')).toBeVisible();
    expect(screen.getByText('The value must be less than or equal to 150 kg.')).toBeVisible();
    expect(screen.queryByText(/obligatoire/)).toBeNull();
  });

  it('are in Arabic for an Arabic reader', async () => {
    await submitIn('ar');
    expect(screen.getByText('هذا السؤال إلزامي.')).toBeVisible();
    expect(screen.getByText('يجب أن تكون القيمة أقل من أو تساوي ⁦150 kg⁩.')).toBeVisible();
  });
});

describe('the server’s refusal of a send', () => {
  it('is in the reader’s language', async () => {
    await act(() => i18n.changeLanguage('en'));
    fakeApi({ 'PUT /api/questionnaires/assignments/a1/answers': () => apiError(409, 'conflict', 'Ce questionnaire a déjà été envoyé : il ne peut plus être modifié.') });
    const answered = { ...ASSIGNMENT, answers: { sleep: true } } as unknown as Assignment;
    renderAs('PT', <AnswerForm assignment={answered} onDone={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: i18n.t('questionnaires:form.submit') }));
    expect(await screen.findByText('This questionnaire has already been sent: it can no longer be changed.')).toBeVisible();
  });
});

describe('builder messages', () => {
  it('name what is missing in the reader’s language', async () => {
    fakeApi({ 'GET /api/agenda/types': { data: [] } });
    renderAs('PR', <BuilderDialog questionnaire={null} onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le titre du questionnaire est obligatoire.')).toBeVisible();
    await act(() => i18n.changeLanguage('en'));
    await userEvent.click(screen.getByRole('button', { name: i18n.t('questionnaires:builder.save') }));
    expect(await screen.findByText("The questionnaire's title is required.")).toBeVisible();
  });
});
