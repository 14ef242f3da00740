import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../../i18n/i18n.ts';
import { apiError, fakeApi, renderAs } from '../../test/render.tsx';
import { NoteDialog } from './components/note-dialog.tsx';

// The note dialog of /notes: an empty note is refused in French before anything is sent, a
// checklist keeps its filled items, and only the practitioners may link a note to a patient file.

vi.mock('../../lib/notify.ts', () => ({ notify: vi.fn() }));

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => vi.unstubAllGlobals());

const dialog = () => screen.findByRole('dialog', { name: 'Nouvelle note' });

describe('the note dialog', () => {
  it('refuses an empty note in French and sends nothing', async () => {
    const requests = fakeApi({});
    const onClose = vi.fn();
    renderAs('PR', <NoteDialog note={null} labels={[]} onClose={onClose} />);
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Une note vide n’est pas enregistrée : saisissez un titre, un texte ou un élément de liste.');
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('creates a checklist with its filled items only', async () => {
    const requests = fakeApi({ 'POST /api/notes': { data: { id: 'n1' } } });
    const onClose = vi.fn();
    renderAs('PA', <NoteDialog note={null} labels={[]} onClose={onClose} />);
    const box = await dialog();
    fireEvent.change(within(box).getByLabelText('Titre'), { target: { value: 'Commandes' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Liste à cocher' }));
    fireEvent.change(within(box).getByLabelText('Élément 1'), { target: { value: 'Gants' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Ajouter un élément' }));
    fireEvent.click(within(box).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = requests.find((r) => r.method === 'POST' && r.path === '/api/notes');
    expect(sent?.body).toMatchObject({ title: 'Commandes', kind: 'checklist', items: [{ text: 'Gants', done: false }] });
  });

  it('shows the server’s French refusal and stays open', async () => {
    fakeApi({ 'POST /api/notes': () => apiError(400, 'validation', 'Le titre ne doit pas dépasser 200 caractères.') });
    const onClose = vi.fn();
    renderAs('PR', <NoteDialog note={null} labels={[]} onClose={onClose} />);
    const box = await dialog();
    fireEvent.change(within(box).getByLabelText('Titre'), { target: { value: 'Rappeler le laboratoire' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Le titre ne doit pas dépasser 200 caractères.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('offers the patient file link to a practitioner, not to a patient', async () => {
    fakeApi({});
    renderAs('PR', <NoteDialog note={null} labels={[]} onClose={vi.fn()} />);
    expect(within(await dialog()).getByLabelText('Dossier patient lié')).toBeInTheDocument();
  });

  it('hides the patient file link from a patient', async () => {
    fakeApi({});
    renderAs('PT', <NoteDialog note={null} labels={[]} onClose={vi.fn()} />);
    expect(within(await dialog()).queryByLabelText('Dossier patient lié')).not.toBeInTheDocument();
  });
});
