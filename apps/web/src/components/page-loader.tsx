import { Box, CircularProgress } from '@mui/material';

/**
 * While a route's chunk or data loads. `page`: a whole page is loading; the loader then fills the
 * screen, so that the footer below it stays out of view instead of being pushed down when the page
 * arrives (a layout shift: the CLS of /patients/list on a phone).
 */
export function PageLoader({ page = false }: { page?: boolean }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: page ? '100vh' : 240, width: '100%' }}>
      <CircularProgress size={28} aria-label="…" />
    </Box>
  );
}
