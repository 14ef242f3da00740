import type { FormEvent, ReactNode } from 'react';
import { Alert, Box, Link as MuiLink, Paper, Typography } from '@mui/material';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo.tsx';
import { DemoBadge } from '../../components/demo-badge.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';

/** The frame of the guest pages (no layout chrome, SPEC §2): a brand panel and the form card. */
export function AuthShell({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation('auth');
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.default' }}>
      <Box
        sx={{
          display: { xs: 'none', md: 'flex' },
          flex: '0 0 44%',
          flexDirection: 'column',
          justifyContent: 'space-between',
          p: 6,
          color: '#fff',
          background: 'radial-gradient(circle at 20% 20%, #14b8a6 0%, #0f766e 40%, #134e4a 75%, #1e1b4b 100%)',
        }}
      >
        <Logo size="medium" light />
        <Box sx={{ maxWidth: 460 }}>
          <Typography component="p" sx={{ fontSize: '2.1rem', fontWeight: 700, lineHeight: 1.2, mb: 2 }}>
            {t('brand.headline')}
          </Typography>
          <Typography component="p" sx={{ fontSize: '1.05rem', opacity: 0.9 }}>
            {t('brand.text')}
          </Typography>
        </Box>
        <Typography component="p" variant="body2" sx={{ opacity: 0.85 }}>
          {t('brand.footer')}
        </Typography>
      </Box>
      <Box component="section" sx={{ flex: 1, display: 'flex', flexDirection: 'column', p: { xs: 2, sm: 4 } }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Box sx={{ display: { md: 'none' } }}>
            <Logo size="small" />
          </Box>
          <Box sx={{ ml: 'auto', display: 'flex', alignItems: 'center', gap: 1 }}>
            <DemoBadge />
            <LanguageSwitcher />
          </Box>
        </Box>
        <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', py: 4 }}>
          <Paper elevation={0} sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 5 }, border: '1px solid', borderColor: 'divider' }}>
            <Typography variant="h1" sx={{ fontSize: '1.6rem', mb: 1 }}>
              {title}
            </Typography>
            {subtitle && (
              <Typography color="text.secondary" sx={{ mb: 3 }}>
                {subtitle}
              </Typography>
            )}
            {children}
          </Paper>
        </Box>
        <LegalFooter />
      </Box>
    </Box>
  );
}

/** Issue 20: the policies in force, public, linked from the login and register pages' footer. */
export function LegalFooter() {
  const { t } = useTranslation('auth');
  return (
    <Box component="footer" sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap', fontSize: 13 }}>
      <MuiLink component={Link} to="/legal/terms">
        {t('legalLinks.terms')}
      </MuiLink>
      <MuiLink component={Link} to="/legal/privacy">
        {t('legalLinks.privacy')}
      </MuiLink>
      <MuiLink component={Link} to="/legal/legal">
        {t('legalLinks.legal')}
      </MuiLink>
    </Box>
  );
}

/** The form of a guest page, one column: the error (the server's message, SPEC §8) above its fields. */
export function AuthForm({ error, onSubmit, children }: { error: string | null; onSubmit: (event: FormEvent) => void; children: ReactNode }) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      {error && <Alert severity="error">{error}</Alert>}
      {children}
    </Box>
  );
}

/** The way back to /login under the card of the forgot, reset and invitation pages. */
export function BackToLogin() {
  const { t } = useTranslation('auth');
  return (
    <Box sx={{ textAlign: 'center', mt: 3 }}>
      <MuiLink component={Link} to="/login">
        {t('backToLogin')}
      </MuiLink>
    </Box>
  );
}

/** What a failed call says to the user. */
export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
