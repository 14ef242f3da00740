import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { LanguageSwitcher } from './language-switcher.tsx';
import { Logo } from './logo.tsx';

/**
 * The frame of a page opened from outside without signing in (a paper's QR code, a mail's link):
 * the logo and the language switcher above one card with the page's title. One frame so that
 * these pages look alike and a change to it is made once.
 */
export function PublicPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', p: { xs: 2, md: 4 } }}>
      <Box sx={{ maxWidth: 640, mx: 'auto' }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 3 }}>
          <Logo size="small" />
          <LanguageSwitcher />
        </Box>
        <Paper elevation={0} sx={{ p: { xs: 2, md: 4 }, border: '1px solid', borderColor: 'divider', display: 'grid', gap: 2 }}>
          <Typography variant="h1" sx={{ fontSize: '1.6rem' }}>
            {title}
          </Typography>
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
