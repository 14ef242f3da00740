import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AgendaPractitioner } from '@wellbe/shared/schemas/agenda';
import { i18nReady } from '../../i18n/i18n.ts';
import { fakeApi, renderAs } from '../../test/render.tsx';
import { AgendaToolbar } from './components/agenda-toolbar.tsx';

// /agenda's toolbar: whose agenda, the view; 'Afficher aussi' (several agendas at once) is for the
// agenda management roles only, and never offers the agenda already shown.

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => vi.unstubAllGlobals());

const practitioner = (id: string, displayName: string): AgendaPractitioner => ({ id, username: id, displayName, job: null, jobSpecialistId: 1 });
const LIST = [practitioner('pr', 'Dr Julien Moreau'), practitioner('pr3', 'Claire Petit'), practitioner('pg', 'Marc Roux')];

function renderToolbar(role: 'PR' | 'AD', handlers = { onPick: vi.fn(), onExtra: vi.fn(), onView: vi.fn() }) {
  fakeApi({});
  renderAs(role, <AgendaToolbar list={LIST} current={LIST[0]} extra={[]} manager={role === 'AD'} view="semaine" colourOf={() => '#1565c0'} {...handlers} />);
  return handlers;
}

describe('agenda toolbar', () => {
  it('lets a practitioner switch the view, without the several-agendas picker', async () => {
    const { onView } = renderToolbar('PR');
    const views = await screen.findByRole('group', { name: 'Vue' });
    expect(within(views).getByRole('button', { name: 'Semaine' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(within(views).getByRole('button', { name: 'Mois' }));
    expect(onView).toHaveBeenCalledWith('mois');
    expect(screen.queryByLabelText('Afficher aussi')).not.toBeInTheDocument();
  });

  it('offers agenda management the other practitioners beside the one shown', async () => {
    const { onExtra, onPick } = renderToolbar('AD');
    fireEvent.mouseDown(await screen.findByLabelText('Afficher aussi'));
    expect(screen.queryByRole('option', { name: 'Dr Julien Moreau' })).not.toBeInTheDocument();
    fireEvent.click(await screen.findByRole('option', { name: 'Claire Petit' }));
    expect(onExtra).toHaveBeenCalledWith(['pr3']);

    fireEvent.mouseDown(screen.getByLabelText('Praticien'));
    fireEvent.click(await screen.findByRole('option', { name: 'Marc Roux' }));
    expect(onPick).toHaveBeenCalledWith(LIST[2]);
  });
});
