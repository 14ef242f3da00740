import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import { i18n, i18nReady, isRtl } from './i18n/i18n.ts';
import { loadRtlCache } from './app/emotion-cache.ts';
import { App } from './app/app.tsx';
import { preloadRoute } from './app/preload.ts';
import { loadMeta } from './lib/meta.ts';

// The requested page's chunk, texts and (signed in) the layout and the token check start now, with
// the common texts: everything arrives in one round trip after the entry.
preloadRoute(window.location.pathname);
// The demo badge's /api/meta goes with them, not after the first render.
void loadMeta();

// The common namespace (and, for Arabic, the right-to-left styles) are there before the first
// paint: no flash of keys or of mirrored layout.
void i18nReady.then(async () => {
  if (isRtl(i18n.language)) await loadRtlCache();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
