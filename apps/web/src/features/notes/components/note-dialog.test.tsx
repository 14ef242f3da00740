import { Suspense } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTE_LIMITS, type Note } from '@wellbe/shared/schemas/notes';
import { i18nReady } from '../../../i18n/i18n.ts';
import { setSession } from '../../../lib/session.ts';
import { fakeUser } from '../../../test/fixtures.ts';
import { NoteDialog } from './note-dialog.tsx';

const NOTE: Note = {
  id: '33333333-3333-4333-8333-333333333333',
  title: 'Rappeler le laboratoire',
  kind: 'text',
  content: '',
  items: [],
  colour: 'default',
  labels: [],
  pinned: false,
  archived: false,
  // 14:30 in Paris on a winter day: the test runs in whatever time zone the machine has, so the
  // expected text is computed the same way the picker shows it (the browser's local time).
  reminderAt: '2026-12-03T13:30:00.000Z',
  reminderMail: false,
  reminderSentAt: null,
  patient: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeAll(async () => {
  await i18nReady;
});
beforeEach(() => {
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true, data: NOTE }), { status: 201, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function open(note: Note | null = null) {
  act(() => setSession(fakeUser('PR'), 'header.payload.signature'));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <Suspense fallback={null}>
        <NoteDialog note={note} labels={[]} onClose={() => {}} />
      </Suspense>
    </QueryClientProvider>,
  );
}

const saveButton = () => screen.findByRole('button', { name: 'Enregistrer' });
const notesPosted = () => fetchMock.mock.calls.filter(([url, init]) => String(url).includes('/api/notes') && (init as RequestInit | undefined)?.method === 'POST');

describe('note dialog', () => {
  it('shows the reminder as DD/MM/YYYY HH:mm, never the browser’s mm/dd/yyyy', async () => {
    open(NOTE);
    const when = new Date(NOTE.reminderAt!);
    const pad = (n: number) => String(n).padStart(2, '0');
    const expected = `${pad(when.getDate())}/${pad(when.getMonth() + 1)}/${when.getFullYear()} ${pad(when.getHours())}:${pad(when.getMinutes())}`;
    const field = (await screen.findByRole('group', { name: 'Rappel' })).parentElement!.querySelector('input')!;
    expect(field.value).toBe(expected);
  });

  it('refuses a title over the limit with a message naming it, instead of cutting it', async () => {
    open();
    const title = await screen.findByLabelText('Titre', { selector: 'input' });
    const long = 'T'.repeat(NOTE_LIMITS.titleMax + 1);
    fireEvent.change(title, { target: { value: long } });
    expect(title).toHaveValue(long);
    fireEvent.click(await saveButton());
    expect(await screen.findByText(`Le titre ne peut pas dépasser ${NOTE_LIMITS.titleMax} caractères.`)).toBeInTheDocument();
    expect(notesPosted()).toHaveLength(0);
  });

  it('drops the “note vide” warning once the note is filled', async () => {
    open();
    fireEvent.click(await saveButton());
    const warning = 'Une note vide n’est pas enregistrée : saisissez un titre, un texte ou un élément de liste.';
    expect(await screen.findByText(warning)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Note', { selector: 'textarea' }), { target: { value: 'Appeler le laboratoire' } });
    await waitFor(() => expect(screen.queryByText(warning)).not.toBeInTheDocument());
  });
});
