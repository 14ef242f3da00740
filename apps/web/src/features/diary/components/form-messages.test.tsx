import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { fakeApi, renderAs } from '../../../test/render.tsx';
import { textsInEachLanguage } from '../../../test/texts.ts';
import { ActivityForm } from './activity-form.tsx';
import { MealForm } from './meal-form.tsx';
import { WeightForm } from './simple-forms.tsx';

// The diary's forms check with the server's rules (DIARY_MESSAGES, in French): the patient reads
// what is wrong in their own language, and French readers the SPEC's text.

textsInEachLanguage(['diary', 'consultations']);
afterEach(() => vi.unstubAllGlobals());

const noProgram = { success: true, data: { patient: { FullName: 'Lucas Bernard' }, today: '2026-11-20', program: null, sessionId: null, logs: [] } };

async function inLanguage(language: string) {
  await act(() => i18n.changeLanguage(language));
  fakeApi({ 'GET /api/sport-programs/mine': noProgram });
}
const save = () => userEvent.click(screen.getByRole('button', { name: i18n.t('diary:save') }));

describe('the diary forms’ messages', () => {
  it('a weight out of bounds, in French as the SPEC writes it', async () => {
    await inLanguage('fr');
    renderAs('PT', <WeightForm />);
    await userEvent.type(screen.getByRole('textbox', { name: /Poids/ }), '1000');
    await save();
    expect(screen.getByText('Le poids doit être compris entre 1 et 400 kg.')).toBeVisible();
  });

  it('a weight out of bounds, in English', async () => {
    await inLanguage('en');
    renderAs('PT', <WeightForm />);
    await userEvent.type(screen.getByRole('textbox', { name: /Weight/ }), '1000');
    await save();
    expect(screen.getByText('The weight must be between 1 and 400 kg.')).toBeVisible();
  });

  it('an activity not described, in Arabic', async () => {
    await inLanguage('ar');
    renderAs('PT', <ActivityForm />);
    await screen.findByRole('textbox', { name: new RegExp(i18n.t('diary:activity.label')) });
    await save();
    expect(screen.getByText('اختر حصة من برنامجك أو صف النشاط.')).toBeVisible();
  });

  it('a meal without food, in English', async () => {
    await inLanguage('en');
    renderAs('PT', <MealForm />);
    await save();
    expect(screen.getByText('Add at least one food to the meal.')).toBeVisible();
  });
});
