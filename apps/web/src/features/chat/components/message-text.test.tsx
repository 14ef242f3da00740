import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageText } from './message-text.tsx';

describe('MessageText', () => {
  it('shows HTML as text, makes links clickable and lets the text choose its direction', () => {
    const { container } = render(<MessageText text="Voir https://exemple.fr/bilan <b>merci</b>." />);
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText(/<b>merci<\/b>\./)).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'https://exemple.fr/bilan' });
    expect(link).toHaveAttribute('href', 'https://exemple.fr/bilan');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // A French message in the Arabic interface stays left-to-right: its own text decides.
    expect(container.firstElementChild).toHaveAttribute('dir', 'auto');
  });
});
