import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderAs } from '../../../test/render.tsx';
import { textsInEachLanguage } from '../../../test/texts.ts';
import { ExerciseSearch } from './exercise-search.tsx';

// « Ajouter » on a row replaced under the pointer put another exercise in the session: the
// previous search's rows stay drawn while the next answer comes, but take no click.

textsInEachLanguage(['sport']);
afterEach(() => vi.unstubAllGlobals());

const exercise = (id: string, name: string) => ({
  id,
  name,
  nameFr: name,
  nameEn: null,
  translated: true,
  instructions: [],
  categoryId: 1,
  levelId: 1,
  equipmentId: null,
  primaryBodyPartIds: [],
  secondaryBodyPartIds: [],
  source: 'library',
  media: null,
});

describe('ExerciseSearch', () => {
  it('keeps the previous exercises out of reach until the search typed is answered', async () => {
    let answer: () => void = () => {};
    const gainage = new Promise((resolve) => (answer = () => resolve({ success: true, data: { items: [exercise('e2', 'Gainage (planche)')], total: 1 } })));
    const requests = fakeApi({
      'GET /api/exercises': (r: { query: URLSearchParams }) => (r.query.get('q') ? gainage : { success: true, data: { items: [exercise('e1', 'Squat')], total: 1 } }),
    });
    const added: string[] = [];
    renderAs('PR', <ExerciseSearch idPrefix="t" onAdd={(e) => added.push(e.name)} />);
    const results = screen.getByRole('list', { name: 'Exercices trouvés' });
    await screen.findByRole('button', { name: 'Ajouter Squat à la séance' });
    await waitFor(() => expect(results).not.toHaveAttribute('inert'));

    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher un exercice' }), 'gainage');
    expect(results).toHaveAttribute('inert');
    expect(results).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(requests.some((r) => r.query.get('q') === 'gainage')).toBe(true));
    expect(results).toHaveAttribute('inert');
    answer();
    await userEvent.click(await screen.findByRole('button', { name: 'Ajouter Gainage (planche) à la séance' }));
    expect(results).not.toHaveAttribute('inert');
    expect(added).toEqual(['Gainage (planche)']);
  });
});
