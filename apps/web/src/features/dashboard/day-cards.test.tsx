import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DayCard } from './day-cards.tsx';

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
