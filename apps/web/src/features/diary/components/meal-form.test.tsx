import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { fakeApi, renderAs } from '../../../test/render.tsx';
import { textsInEachLanguage } from '../../../test/texts.ts';
import { MealForm } from './meal-form.tsx';

textsInEachLanguage(['diary']);
afterEach(() => vi.unstubAllGlobals());

// The Ciqual table's licence asks for its attribution beside the figures. Its title stays as ANSES
// publishes it; what surrounds it is in the reader's language (it was French in every language).
describe('the meal entry’s source of the figures', () => {
  for (const [language, source] of [
    ['fr', 'Source : ANSES, Table de composition nutritionnelle des aliments Ciqual 2025 (Licence Ouverte / Open Licence Etalab 2.0).'],
    ['en', 'Source: ANSES, Table de composition nutritionnelle des aliments Ciqual 2025 (the French food composition table; Licence Ouverte / Open Licence Etalab 2.0).'],
    ['ar', 'المصدر: \u2068ANSES, Table de composition nutritionnelle des aliments Ciqual 2025\u2069 (جدول التركيب الغذائي الفرنسي؛ \u2068Licence Ouverte / Open Licence Etalab 2.0\u2069).'],
  ] as const) {
    it(`is written in ${language}, the table’s title as published`, async () => {
      fakeApi({});
      await act(() => i18n.changeLanguage(language));
      renderAs('PT', <MealForm />);
      expect(await screen.findByText(source)).toBeInTheDocument();
    });
  }
});

// A patient tapping a food as the list changes under the finger logs the wrong one: the list is the
// answer to the text typed, not the previous search's while the next one is on its way.
describe('the meal entry’s food search', () => {
  const food = (id: number, nameFr: string) => ({ id, nameFr, energyKcal: 52 });

  it('withdraws the foods of « pomme » once « poire » is typed, until its answer', async () => {
    let answerPoire: () => void = () => {};
    const poire = new Promise((resolve) => (answerPoire = () => resolve({ success: true, data: [food(2, 'Poire, pulpe et peau, crue')] })));
    const requests = fakeApi({
      'GET /api/diary/foods': (r: { query: URLSearchParams }) => (r.query.get('q') === 'pomme' ? { success: true, data: [food(1, 'Pomme, chair et peau, crue')] } : poire),
    });
    await act(() => i18n.changeLanguage('fr'));
    renderAs('PT', <MealForm />);
    const box = screen.getByRole('searchbox', { name: 'Chercher un aliment' });
    await userEvent.type(box, 'pomme');
    expect(await screen.findByRole('button', { name: /^Pomme, chair et peau, crue/ })).toBeInTheDocument();

    await userEvent.clear(box);
    await userEvent.type(box, 'poire');
    expect(screen.queryByRole('button', { name: /^Pomme/ })).toBeNull();
    expect(screen.getByRole('list', { name: 'Aliments trouvés' })).toHaveTextContent('Chargement…');
    await waitFor(() => expect(requests.some((r) => r.query.get('q') === 'poire')).toBe(true));
    expect(screen.queryByRole('button', { name: /^Pomme/ })).toBeNull();
    answerPoire();
    expect(await screen.findByRole('button', { name: /^Poire, pulpe et peau, crue/ })).toBeInTheDocument();
  });
});

describe('the meal entry’s food search that fails', () => {
  it('does not say « Chargement… » once the server has refused', async () => {
    fakeApi({ 'GET /api/diary/foods': () => new Response('{}', { status: 500 }) });
    await act(() => i18n.changeLanguage('fr'));
    renderAs('PT', <MealForm />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Chercher un aliment' }), 'pomme');
    const results = screen.getByRole('list', { name: 'Aliments trouvés' });
    expect(results).toHaveTextContent('Chargement…');
    await waitFor(() => expect(results).not.toHaveTextContent('Chargement…'), { timeout: 10_000 });
  });
});
