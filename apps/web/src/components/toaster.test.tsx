import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify } from '../lib/notify.ts';
import { Toaster } from './toaster.tsx';

// Two toasts at once: each message has an id of its own, and each toast is described by its own
// text (notistack gave every message the same id: HTML_CodeSniffer's F77 under pa11y).

describe('the toasts', () => {
  it('give each toast its own message id, named by its own aria-describedby', async () => {
    render(<Toaster />);
    act(() => {
      notify('Le serveur ne répond pas.', 'error');
      notify('Votre compte n’est lié à aucun dossier patient.', 'error');
    });
    const toasts = await screen.findAllByRole('alert');
    expect(toasts).toHaveLength(2);
    const described = toasts.map((t) => document.getElementById(t.getAttribute('aria-describedby') ?? '')?.textContent);
    expect(described).toEqual(expect.arrayContaining(['Le serveur ne répond pas.', 'Votre compte n’est lié à aucun dossier patient.']));
    const ids = toasts.map((t) => t.getAttribute('aria-describedby'));
    expect(new Set(ids).size).toBe(2);
    expect(document.querySelectorAll('#notistack-snackbar')).toHaveLength(0);
  });
});
