import { Spinner } from './spinner.tsx';

/**
 * While a route's chunk or data loads. `page`: a whole page is loading; the loader then fills the
 * screen, so that the footer below it stays out of view instead of being pushed down when the page
 * arrives (a layout shift: the CLS of /patients/list on a phone). No MUI: the route guard shows it
 * before MUI is loaded (issue 13).
 */
export function PageLoader({ page = false }: { page?: boolean }) {
  return (
    <div className={page ? 'wb-loader wb-loader-page' : 'wb-loader'}>
      <Spinner size={28} label="…" />
    </div>
  );
}
