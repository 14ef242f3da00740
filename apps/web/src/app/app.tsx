import { Suspense } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Splash } from '../components/splash.tsx';
import { Providers } from './providers.tsx';
import { appRoutes } from './router.tsx';

const router = createBrowserRouter(appRoutes);

export function App() {
  return (
    <Providers>
      <Suspense fallback={<Splash />}>
        <RouterProvider router={router} />
      </Suspense>
    </Providers>
  );
}
