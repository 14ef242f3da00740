import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** A friendly empty state: icon, title, one sentence. */
export function EmptyState({ icon, title, text }: { icon?: ReactNode; title: ReactNode; text?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1, px: 3, py: 6, color: 'text.secondary' }}>
      {icon && <Box sx={{ color: 'primary.main', opacity: 0.8, mb: 1 }}>{icon}</Box>}
      <Typography sx={{ fontWeight: 600, color: 'text.primary' }}>{title}</Typography>
      {text && <Typography variant="body2">{text}</Typography>}
    </Box>
  );
}
