import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../../i18n/i18n.ts';
import { fakeApi, renderAs } from '../../test/render.tsx';
import { ExercisesPage } from './exercises-page.tsx';

// /exercices: the practitioners add their organisation's own exercises (name, category, level and
// a body part required); the other roles read the library only.

vi.mock('../../lib/notify.ts', () => ({ notify: vi.fn() }));

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => vi.unstubAllGlobals());

const REQUIRED = 'Nom, catégorie, niveau et au moins une partie du corps sont obligatoires.';

describe('/exercices', () => {
  it('tells a practitioner what a new exercise needs and sends nothing without it', async () => {
    const requests = fakeApi({});
    renderAs('PR', <ExercisesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter un exercice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un exercice' });
    expect(within(dialog).getByText(REQUIRED)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/^Nom de l’exercice/), { target: { value: 'Gainage latéral' } });
    expect(within(dialog).getByText(REQUIRED)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(within(dialog).getByText(REQUIRED)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('offers no new exercise to an administrator', async () => {
    fakeApi({});
    renderAs('AD', <ExercisesPage />);
    expect(await screen.findByRole('heading', { name: 'Bibliothèque d’exercices' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ajouter un exercice' })).not.toBeInTheDocument();
  });
});
