import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
