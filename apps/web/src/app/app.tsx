import { Suspense } from 'react';
import { BrowserRouter, useRoutes } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { Splash } from '../components/splash.tsx';
import { MuiGate } from './mui.tsx';
import { Providers } from './providers.tsx';
import { appRoutes } from './router.tsx';

// The declarative router (BrowserRouter + useRoutes), not createBrowserRouter: the app uses no
// loader, action or blocker, and the data router costs 17 KB more (gzipped) on every first load.
function Routes() {
  return useRoutes(appRoutes);
}

export function App() {
  return (
    <Providers>
      <ErrorBoundary>
        <Suspense fallback={<Splash />}>
          <BrowserRouter>
            <MuiGate>
              <Routes />
            </MuiGate>
          </BrowserRouter>
        </Suspense>
      </ErrorBoundary>
    </Providers>
  );
}
