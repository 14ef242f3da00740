import type { ReactNode } from 'react';
import { Box, type SxProps, type Theme } from '@mui/material';

/**
 * A label drawn like MUI's small Chip, for display only (no click, no delete): the dashboard's
 * first screen does without the Chip component and its styles (issue 13, /dashboard's budget).
 */
export function Tag({ label, icon, sx, ...rest }: { label: ReactNode; icon?: ReactNode; sx?: SxProps<Theme>; 'data-testid'?: string }) {
  return (
    <Box
      component="span"
      {...rest}
      sx={[
        {
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.5,
          height: 24,
          px: 1,
          borderRadius: '12px',
          fontSize: '0.8125rem',
          lineHeight: 1,
          whiteSpace: 'nowrap',
          bgcolor: 'action.selected',
          '& .MuiSvgIcon-root': { fontSize: 18, ml: -0.25 },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {icon}
      {label}
    </Box>
  );
}
