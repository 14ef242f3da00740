import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyReady } from './lazy-ready.ts';

function Page() {
  return <h1>Bonjour</h1>;
}

describe('lazyReady (issue 31: a preloaded page renders with the layout)', () => {
  it('renders a component whose chunk is loaded in the same render, without its fallback', async () => {
    const { Component, preload } = lazyReady(() => Promise.resolve({ default: Page }));
    await preload();
    render(
      <Suspense fallback={<p>Chargement…</p>}>
        <Component />
      </Suspense>,
    );
    // React's lazy alone drew the fallback here, its chunk loaded or not.
    expect(screen.queryByText('Chargement…')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Bonjour' })).toBeTruthy();
  });

  it('shows the fallback until a chunk not yet loaded arrives, loading it once', async () => {
    let loads = 0;
    const { Component, preload } = lazyReady(() => {
      loads += 1;
      return Promise.resolve({ default: Page });
    });
    render(
      <Suspense fallback={<p>Chargement…</p>}>
        <Component />
      </Suspense>,
    );
    expect(screen.getByText('Chargement…')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Bonjour' })).toBeTruthy();
    await preload();
    expect(loads).toBe(1);
  });

  it('asks again for a chunk whose loading failed', async () => {
    let loads = 0;
    const { preload } = lazyReady(() => (++loads === 1 ? Promise.reject(new Error('réseau')) : Promise.resolve({ default: Page })));
    await expect(preload()).rejects.toThrow('réseau');
    await expect(preload()).resolves.toEqual({ default: Page });
    expect(loads).toBe(2);
  });
});
