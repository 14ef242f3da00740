import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { AfterFirstPaint } from './after-first-paint.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { i18n } from '../i18n/i18n.ts';
import skeleton from './skeleton.module.css';
import styles from './reveal-when-settled.module.css';

/** Longest the content stays hidden: a slow request shows its own card skeleton after that. */
const MAX_WAIT_MS = 3000;

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/**
 * Shows a region whose parts arrive one by one (lazy chunks, then each card's request) in one step,
 * once its chunks are loaded and the first requests have answered: parts appearing in turn pushed
 * the ones below them down the screen (/dashboard's layout shift, issue 13). Meanwhile the children
 * are mounted — after the rest of the screen is drawn (AfterFirstPaint) — so their chunks and
 * requests run, but not laid out, behind one placeholder tall enough to keep what follows below
 * the fold (plain elements in static CSS: the first thing the dashboard's region draws, issue 31).
 */
export function RevealWhenSettled({ chunks, namespaces = [], label, children }: { chunks: (() => Promise<unknown>)[]; namespaces?: string[]; label: string; children: ReactNode }) {
  const [ready, setReady] = useState(false);
  return (
    <>
      {!ready && (
        <div role="status" aria-label={label} aria-busy="true" className={styles.placeholder}>
          <span className={`${skeleton.bar} ${skeleton.rounded} ${styles.block}`} />
          <span className={`${skeleton.bar} ${skeleton.rounded} ${styles.block}`} />
        </div>
      )}
      <div style={ready ? undefined : { display: 'none' }}>
        <AfterFirstPaint>
          <StartParts chunks={chunks} namespaces={namespaces} />
          {/* One boundary for the children and Settled: Settled mounts only once every lazy part
              and i18n namespace below has resolved and rendered. A loaded chunk is not a rendered
              component (React retries a suspended boundary later), and the region was shown before
              its cards, which then pushed "À lire" and the shortcuts down (issue 31). */}
          <Suspense fallback={null}>
            {children}
            {/* After the children: its effect runs after theirs, once their requests have started. */}
            <Settled chunks={chunks} onSettled={() => setReady(true)} />
          </Suspense>
        </AfterFirstPaint>
      </div>
    </>
  );
}

/**
 * Asks for every part's chunk and texts at once, as the region is mounted. Left to the render, they
 * came one after the other: the boundary renders its children in turn and stops at the first that
 * suspends, so the next one's chunk, or the texts a card asks for, were asked for only once that one
 * had arrived and rendered: on /dashboard six round trips after the first paint (role-cards, then
 * their texts, then « À lire », then its texts), each a suspended render retried (issue 31).
 */
function StartParts({ chunks, namespaces }: { chunks: (() => Promise<unknown>)[]; namespaces: string[] }) {
  useEffect(() => {
    for (const load of chunks) load().catch(() => undefined);
    if (namespaces.length) void i18n.loadNamespaces(namespaces);
    // The parts are fixed for the page's life: asked for once.
  }, []);
  return null;
}

/** Calls onSettled once the chunks are loaded and no request is running (at most MAX_WAIT_MS after its mount). */
function Settled({ chunks, onSettled }: { chunks: (() => Promise<unknown>)[]; onSettled: () => void }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let done = false;
    let unsubscribe = () => {};
    const finish = () => {
      if (done) return;
      done = true;
      unsubscribe();
      onSettled();
    };
    const cap = setTimeout(finish, MAX_WAIT_MS);
    void Promise.allSettled(chunks.map((load) => load())).then(async () => {
      // The chunks' components render on the next frames and only then start their requests.
      await nextFrame();
      await nextFrame();
      const idle = () => queryClient.isFetching() === 0;
      if (idle()) return finish();
      unsubscribe = queryClient.getQueryCache().subscribe(() => {
        if (idle()) finish();
      });
    });
    return () => {
      done = true;
      clearTimeout(cap);
      unsubscribe();
    };
    // The chunks are fixed for the page's life: run once.
  }, []);
  return null;
}
