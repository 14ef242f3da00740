import { useEffect, useRef } from 'react';
import { Alert, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { useSession } from '../../lib/session.ts';
import { useUnsubscribe } from './api/newspapers.ts';

/**
 * /newsletter/unsubscribe?token=… (issue 20): the link of the newsletter mail. No sign-in: the
 * signed link unsubscribes in one click and the page confirms it; a tampered or expired link
 * changes nothing and says so.
 */
export function UnsubscribePage() {
  const { t } = useTranslation('editorial');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { status } = useSession();
  const unsubscribe = useUnsubscribe();
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current || !token) return;
    asked.current = true;
    unsubscribe.mutate(token);
  }, [token, unsubscribe]);

  const failed = !token || unsubscribe.isError;
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', p: { xs: 2, md: 4 } }}>
      <Box sx={{ maxWidth: 640, mx: 'auto' }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 3 }}>
          <Logo size="small" />
          <LanguageSwitcher />
        </Box>
        <Paper elevation={0} sx={{ p: { xs: 2, md: 4 }, border: '1px solid', borderColor: 'divider', display: 'grid', gap: 2 }}>
          <Typography variant="h1" sx={{ fontSize: '1.6rem' }}>
            {t('unsubscribe.title')}
          </Typography>
          {!failed && !unsubscribe.isSuccess && (
            <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
              <CircularProgress size={24} />
              {t('unsubscribe.working')}
            </Box>
          )}
          {unsubscribe.isSuccess && (
            <Alert severity="success" role="status">
              {t('unsubscribe.done')}
            </Alert>
          )}
          {failed && <Alert severity="error">{t('unsubscribe.invalid')}</Alert>}
          <Typography variant="body2" color="text.secondary">
            {t('unsubscribe.again')}
          </Typography>
          <Box>
            <Button component={Link} to={status === 'signed-in' ? '/profile' : '/login'} variant="outlined">
              {status === 'signed-in' ? t('unsubscribe.toProfile') : t('unsubscribe.toLogin')}
            </Button>
          </Box>
        </Paper>
      </Box>
    </Box>
  );
}
