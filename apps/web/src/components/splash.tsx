import { Box, CircularProgress } from '@mui/material';
import { Logo } from './logo.tsx';

/** SPEC §2: shown while the initial authentication check runs. No text: i18n may not be loaded yet. */
export function Splash() {
  return (
    <Box role="progressbar" aria-busy="true" aria-label="WellBe" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default' }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 3 }}>
        <Logo size="large" />
        <CircularProgress size={32} thickness={4} aria-hidden />
      </Box>
    </Box>
  );
}
