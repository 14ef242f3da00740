import { Suspense } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, i18nReady } from '../i18n/i18n.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

// The generic confirmation dialog (SPEC §2).

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('fr');
});

describe('ConfirmDialog', () => {
  it('defaults to the SPEC §2 title, deletion text and buttons', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <Suspense fallback="…">
          <ConfirmDialog open onConfirm={onConfirm} onCancel={onCancel} />
        </Suspense>
      </I18nextProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
    expect(within(dialog).getByText(/définitive/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(onCancel).toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(onConfirm).toHaveBeenCalled();
  });
});
