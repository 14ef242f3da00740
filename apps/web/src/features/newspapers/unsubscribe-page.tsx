import { useEffect, useRef } from 'react';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PublicPage } from '../../components/public-page.tsx';
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
    <PublicPage title={t('unsubscribe.title')}>
      {!failed && !unsubscribe.isSuccess && (
        <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <CircularProgress size={24} aria-hidden />
          {t('unsubscribe.working')}
        </Box>
      )}
      {unsubscribe.isSuccess && (
        <Alert severity="success" role="status">
          {t('unsubscribe.done')}
        </Alert>
      )}
      {failed && <Alert severity="error">{t('unsubscribe.invalid')}</Alert>}
      <Typography variant="body2" color="textSecondary">
        {t('unsubscribe.again')}
      </Typography>
      <Box>
        <Button component={Link} to={status === 'signed-in' ? '/profile' : '/login'} variant="outlined">
          {status === 'signed-in' ? t('unsubscribe.toProfile') : t('unsubscribe.toLogin')}
        </Button>
      </Box>
    </PublicPage>
  );
}
