import { lazy, Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../i18n/i18n.ts';
import { ErrorBoundary } from './error-boundary.tsx';

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the error boundary', () => {
  it('shows the French message and a reload button when a lazy chunk does not load, instead of a blank screen', async () => {
    // React reports the caught error on the console: expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Missing = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/chat-panel-old.js')));
    render(
      <ErrorBoundary>
        <p>Avant</p>
        <Suspense fallback={null}>
          <Missing />
        </Suspense>
      </ErrorBoundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Une erreur est survenue. Réessayez.');
    expect(screen.getByRole('button', { name: 'Recharger la page' })).toBeInTheDocument();
    expect(screen.queryByText('Avant')).toBeNull();
  });

  it('draws its children when nothing fails', () => {
    render(
      <ErrorBoundary>
        <p>Tableau de Bord</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('Tableau de Bord')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
