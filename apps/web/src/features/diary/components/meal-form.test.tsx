import { act, screen } from '@testing-library/react';
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
