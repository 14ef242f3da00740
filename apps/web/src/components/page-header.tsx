import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** The title block every screen starts with (one h1 per page, for screen readers and axe). */
export function PageHeader({ title, subtitle, actions }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between', gap: 2, mb: 3, flexWrap: 'wrap' }}>
      <Box>
        <Typography variant="h1">{title}</Typography>
        {subtitle && (
          <Typography variant="body1" color="textSecondary" sx={{ mt: 0.5 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {/* Actions wrap as a whole, each on one line: squeezed side by side on a phone they broke into 2–4 line columns. */}
      {actions && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, '& > *': { whiteSpace: 'nowrap', flexShrink: 0 } }}>{actions}</Box>}
    </Box>
  );
}
