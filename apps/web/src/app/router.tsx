import { Navigate, type RouteObject } from 'react-router';
import { REDIRECTS, ROUTES, type RouteRule } from '@wellbe/shared/routes';
import { GuardedRoute } from './guard.tsx';
import { Root } from './root.tsx';

// SPEC §2: the complete route table and its redirects, from packages/shared (the server and the
// menu read the same table). Unknown paths show the 404 page.
const NOT_FOUND_RULE: RouteRule = ROUTES.find((r) => r.area === 'not-found')!;

export const routeTable: RouteObject[] = [
  ...Object.entries(REDIRECTS).map(([from, to]) => ({ path: from, element: <Navigate to={to} replace /> })),
  ...ROUTES.map((rule) => ({ path: rule.path, element: <GuardedRoute key={rule.path} rule={rule} /> })),
  { path: '*', element: <GuardedRoute rule={NOT_FOUND_RULE} /> },
];

export const appRoutes: RouteObject[] = [{ element: <Root />, children: routeTable }];
