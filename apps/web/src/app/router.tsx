import { Navigate, type RouteObject } from 'react-router';
import { REDIRECTS, ROUTES, type Area, type RouteRule } from '@wellbe/shared/routes';
import { GuardedRoute } from './guard.tsx';
import { Root } from './root.tsx';

// SPEC §2: the complete route table and its redirects, from packages/shared (the server and the
// menu read the same table). Unknown paths show the 404 page.
const NOT_FOUND_RULE: RouteRule = ROUTES.find((r) => r.area === 'not-found')!;

// The agenda's and the menus' several paths are addresses of one page (a practitioner, a view, a
// day): the page stays mounted from one to another, so /agenda, which opens on its full address,
// is not drawn a second time (nor its calendar mounted twice). Other areas with several paths are
// screens of their own (each catalog's list, the two sign-ins): a new path there is a new page.
const ONE_PAGE_AREAS: ReadonlySet<Area> = new Set<Area>(['agenda', 'dietetics']);

export const routeTable: RouteObject[] = [
  ...Object.entries(REDIRECTS).map(([from, to]) => ({ path: from, element: <Navigate to={to} replace /> })),
  ...ROUTES.map((rule) => ({ path: rule.path, element: <GuardedRoute key={ONE_PAGE_AREAS.has(rule.area) ? rule.area : rule.path} rule={rule} /> })),
  { path: '*', element: <GuardedRoute rule={NOT_FOUND_RULE} /> },
];

export const appRoutes: RouteObject[] = [{ element: <Root />, children: routeTable }];
