import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One labelled line of a contact card (practice, contact details, support): icon, label, value. */
export function InfoLine({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ color: 'text.secondary', pt: 0.25 }} aria-hidden>
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="textSecondary">
          {label}
        </Typography>
        {/* Numbers, emails and addresses keep their own order in a right-to-left page. */}
        <Typography component="bdi" sx={{ display: 'block', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {children}
        </Typography>
      </Box>
    </Stack>
  );
}
