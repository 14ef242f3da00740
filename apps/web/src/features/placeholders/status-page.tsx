import type { ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router';

/** Centered full-width status message (404, maintenance, coming soon). */
export function StatusPage({ icon, code, title, text, action }: { icon?: ReactNode; code?: string; title: string; text?: string; action?: { to: string; label: string } }) {
  return (
    <Box sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', textAlign: 'center', px: 2 }}>
      <Box sx={{ maxWidth: 560 }}>
        {icon && <Box sx={{ color: 'primary.main', mb: 2 }} aria-hidden>{icon}</Box>}
        {code && (
          <Typography sx={{ fontSize: { xs: '4rem', md: '6rem' }, fontWeight: 800, lineHeight: 1, color: 'primary.main', letterSpacing: '-0.04em' }} aria-hidden>
            {code}
          </Typography>
        )}
        <Typography variant="h1" sx={{ mt: 2, fontSize: { xs: '1.4rem', md: '1.7rem' } }}>
          {title}
        </Typography>
        {text && (
          <Typography color="textSecondary" sx={{ mt: 1.5 }}>
            {text}
          </Typography>
        )}
        {action && (
          <Button component={Link} to={action.to} variant="contained" sx={{ mt: 4 }}>
            {action.label}
          </Button>
        )}
      </Box>
    </Box>
  );
}
