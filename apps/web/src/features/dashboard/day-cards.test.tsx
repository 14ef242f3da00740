import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DayCard, DayList } from './day-cards.tsx';

// A day card's body scrolls when its content is taller than it: it then takes the keyboard's focus,
// so that a keyboard user can scroll it (axe scrollable-region-focusable); otherwise it is no stop.
describe('DayCard', () => {
  afterEach(() => vi.restoreAllMocks());

  function card(contentHeight: number) {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(200);
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(contentHeight);
    render(
      <MemoryRouter>
        <DayCard title="Mes rendez-vous du jour" loading={false} testId="card-today">
          <p>09:00 · Lucas Bernard</p>
        </DayCard>
      </MemoryRouter>,
    );
    return screen.getByText('09:00 · Lucas Bernard').parentElement!.parentElement!;
  }

  it('takes the focus when its content scrolls', async () => {
    const body = card(480);
    await waitFor(() => expect(body).toHaveAttribute('tabindex', '0'));
  });

  it('is no tab stop when its content fits', async () => {
    const body = card(120);
    // The check has run (the effect after the render): still no tabindex.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(body).not.toHaveAttribute('tabindex');
  });
});

// A card's list: an entry with an address is a link over its whole row, named by its two lines.
describe('DayList', () => {
  it('draws linked entries as links to their address, in a list named by its label', () => {
    render(
      <MemoryRouter>
        <DayList
          label="Patients à suivre"
          items={[
            { key: 'a', primary: 'Hélène Martin', secondary: 'Dernière consultation le 31/10/2026', to: '/patient/dossier/p-1' },
            { key: 'b', primary: 'Lucas Bernard', secondary: 'Vu le 20/11/2026' },
          ]}
        />
      </MemoryRouter>,
    );
    const list = screen.getByRole('list', { name: 'Patients à suivre' });
    expect(list.querySelectorAll('li')).toHaveLength(2);
    const link = screen.getByRole('link', { name: /Hélène Martin/ });
    expect(link).toHaveAttribute('href', '/patient/dossier/p-1');
    expect(link).toHaveTextContent('Dernière consultation le 31/10/2026');
    expect(screen.queryByRole('link', { name: /Lucas Bernard/ })).toBeNull();
    expect(screen.getByText('Vu le 20/11/2026')).toBeInTheDocument();
  });
});
