import { Box, Typography } from '@mui/material';

/** The WellBe word mark: a leaf-like badge and the name. */
export function Logo({ size = 'medium', light = false, showText = true }: { size?: 'small' | 'medium' | 'large'; light?: boolean; showText?: boolean }) {
  const badge = { small: 28, medium: 34, large: 52 }[size];
  const font = { small: '1.1rem', medium: '1.35rem', large: '2.1rem' }[size];
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
      <Box
        aria-hidden
        sx={{
          width: badge,
          height: badge,
          borderRadius: '30% 70% 30% 70%',
          background: 'linear-gradient(135deg, #14b8a6 0%, #0f766e 55%, #4338ca 100%)',
          display: 'grid',
          placeItems: 'center',
          color: '#fff',
          fontWeight: 700,
          fontSize: badge * 0.5,
          flexShrink: 0,
        }}
      >
        W
      </Box>
      {showText && (
        <Typography component="span" sx={{ fontSize: font, fontWeight: 700, letterSpacing: '-0.02em', color: light ? '#fff' : 'text.primary' }}>
          Well<Box component="span" sx={{ color: light ? '#5eead4' : 'primary.main' }}>Be</Box>
        </Typography>
      )}
    </Box>
  );
}
