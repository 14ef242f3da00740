import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { RevealWhenSettled } from './reveal-when-settled.tsx';

// /dashboard's cards appear together once their chunk and first requests have answered, so that
// none pushes another down the screen (issue 13, layout shift).

function Card({ answer }: { answer: Promise<string> }) {
  const query = useQuery({ queryKey: ['card'], queryFn: () => answer });
  return <p>{query.data ?? 'squelette de la carte'}</p>;
}

describe('RevealWhenSettled', () => {
  it('keeps the cards out of the layout behind one placeholder until the chunk and the request have answered', async () => {
    let loadChunk!: () => void;
    const chunk = new Promise<void>((resolve) => (loadChunk = resolve));
    let answerCard!: (value: string) => void;
    const answer = new Promise<string>((resolve) => (answerCard = resolve));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RevealWhenSettled chunks={[() => chunk]} label="Chargement...">
          <Card answer={answer} />
        </RevealWhenSettled>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('status', { name: 'Chargement...' })).toBeInTheDocument();
    // Mounted after the first paint (its request runs) but not shown.
    expect(await screen.findByText('squelette de la carte')).not.toBeVisible();
    // The chunk has loaded and React has handled it: only the request is still awaited.
    await act(async () => {
      loadChunk();
      await chunk;
    });
    expect(screen.getByRole('status', { name: 'Chargement...' })).toBeInTheDocument();
    answerCard('Dernières consultations');
    expect(await screen.findByText('Dernières consultations')).toBeVisible();
    expect(screen.queryByRole('status')).toBeNull();
  });

  // Each part's chunk and the texts the cards ask for are asked for at once: left to the render, the
  // second card's chunk waited for the first card's, and each card's texts for its chunk.
  it('asks for every part and text at once, while the first part is still on its way', async () => {
    const never = new Promise<never>(() => {});
    const [first, second] = [vi.fn(() => never), vi.fn(() => never)];
    const First = lazy(first);
    const Second = lazy(second);
    const texts = vi.spyOn(i18n, 'loadNamespaces');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RevealWhenSettled chunks={[first, second]} namespaces={['editorial']} label="Chargement...">
          <First />
          <Second />
        </RevealWhenSettled>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(second).toHaveBeenCalled());
    expect(first).toHaveBeenCalled();
    expect(texts).toHaveBeenCalledWith(['editorial']);
    expect(screen.getByRole('status', { name: 'Chargement...' })).toBeInTheDocument();
    texts.mockRestore();
  });
});
