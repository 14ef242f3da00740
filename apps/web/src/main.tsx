// First: zod's settings, before any chunk loads zod (lib/zod-jitless.ts says why).
import './lib/zod-jitless.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import './styles/base.css';
import { i18nReady } from './i18n/i18n.ts';
import { App } from './app/app.tsx';
import { preloadRoute } from './app/preload.ts';
import { loadMeta } from './lib/meta.ts';
import { loadFirstScreenFonts } from './lib/fonts.ts';
import { settleOnFirstGesture } from './lib/still.ts';
// A logout removes the user's consultation draft even on a page without the panel (/logout).
import './features/consultations/draft-storage.ts';

// The requested page's chunk, texts and (signed in) the layout and the token check start now, with
// the common texts: everything arrives in one round trip after the entry. The fonts too.
preloadRoute(window.location.pathname);
loadFirstScreenFonts();
// The demo badge's /api/meta goes with them, not after the first render.
void loadMeta();

settleOnFirstGesture();

// The common namespace is there before the first paint: no flash of keys. (MUI's right-to-left
// styles, for Arabic, come with MUI: app/mui.tsx.)
// The first render as a transition: React renders it in slices between which the browser stays
// responsive (the route table's matching, the providers...), not in one task (issue 13, TBT).
void i18nReady.then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
