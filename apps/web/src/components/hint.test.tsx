import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Hint } from './hint.tsx';

function renderHinted(onClick = () => {}) {
  render(
    <>
      <Hint title="Discussions">
        <button type="button" aria-label="Discussions" onClick={onClick} />
      </Hint>
      <button type="button">Après</button>
    </>,
  );
  return screen.getByRole('button', { name: 'Discussions' });
}

describe('Hint', () => {
  it('shows its text while the mouse is over the control, and the control keeps its element: a click while the hint comes is not lost', async () => {
    const onClick = vi.fn();
    const control = renderHinted(onClick);
    const user = userEvent.setup();
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.hover(control);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Discussions');
    // The element clicked is the one first drawn (it was replaced twice by MUI's Tooltip's arrival).
    expect(screen.getByRole('button', { name: 'Discussions' })).toBe(control);
    await user.click(control);
    expect(onClick).toHaveBeenCalledTimes(1);
    await user.unhover(control);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('shows its text when the keyboard focuses the control, hides it with Escape and at the next control', async () => {
    const control = renderHinted();
    const user = userEvent.setup();
    await user.tab();
    expect(control).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Discussions');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    expect(control).toHaveFocus();
    await user.tab({ shift: true });
    await user.tab();
    expect(await screen.findByRole('tooltip')).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Après' })).toHaveFocus();
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('shows nothing for a tap on a touch screen', async () => {
    const onClick = vi.fn();
    render(
      <>
        <Hint title="Discussions">
          <button type="button" aria-label="Discussions" onClick={onClick} />
        </Hint>
        <Hint title="Réglages">
          <button type="button" aria-label="Réglages" />
        </Hint>
      </>,
    );
    const user = userEvent.setup();
    await user.pointer([{ keys: '[TouchA]', target: screen.getByRole('button', { name: 'Discussions' }) }]);
    expect(onClick).toHaveBeenCalledTimes(1);
    // A mouse then hovers the other control: once its hint is there, a hint the tap had started
    // (its delay ran out first) would be there too.
    await user.hover(screen.getByRole('button', { name: 'Réglages' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Réglages');
    expect(screen.getAllByRole('tooltip')).toHaveLength(1);
  });
});
