import { Box, CircularProgress } from '@mui/material';

/** While a route's chunk or data loads. */
export function PageLoader() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240, width: '100%' }}>
      <CircularProgress size={28} aria-label="…" />
    </Box>
  );
}
