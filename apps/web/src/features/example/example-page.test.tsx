import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../../i18n/i18n.ts';
import { notify } from '../../lib/notify.ts';
import { fakeApi, renderAs } from '../../test/render.tsx';
import { ExamplePage } from './example-page.tsx';

// /example (developer): the style guide's form shows the French validation messages the screens
// use, and accepts a valid entry.

vi.mock('../../lib/notify.ts', () => ({ notify: vi.fn() }));

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => vi.unstubAllGlobals());

describe('/example', () => {
  it('shows the validation messages in French, then accepts a valid entry', async () => {
    fakeApi({});
    renderAs('US', <ExamplePage />, { path: '/example' });
    const form = await screen.findByRole('region', { name: 'Formulaire et messages de validation' });
    fireEvent.click(within(form).getByRole('button', { name: 'Valider' }));
    expect(await within(form).findByText('Le nom est obligatoire (2 caractères au moins).')).toBeInTheDocument();
    expect(within(form).getByText('L’adresse email n’est pas valide.')).toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText(/^Nom/), { target: { value: 'Zoé' } });
    fireEvent.change(within(form).getByLabelText(/^Email/), { target: { value: 'zoe@example.fr' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Valider' }));
    await vi.waitFor(() => expect(notify).toHaveBeenCalledWith('Formulaire valide.', 'success'));
  });
});
