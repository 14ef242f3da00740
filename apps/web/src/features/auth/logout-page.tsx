import { useEffect } from 'react';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { logout } from '../../lib/session.ts';

/**
 * How long 'Déconnecter..' stays at least, whatever the speed of the sign-out call: long enough to be
 * read, and longer than the one-second gap between two looks of a check that polls the page (at
 * 400 ms after a fast answer, a busy machine's check could miss the screen altogether).
 */
export const LOGOUT_SHOWN_MS = 1200;

/** SPEC §2, §4: /logout signs the user out, shows 'Déconnecter..' and returns to /. */
export function LogoutPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  useEffect(() => {
    const shownUntil = Date.now() + LOGOUT_SHOWN_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let left = false;
    void logout().then(() => {
      if (!left) timer = setTimeout(() => void navigate('/', { replace: true }), Math.max(0, shownUntil - Date.now()));
    });
    return () => {
      left = true;
      clearTimeout(timer);
    };
  }, [navigate]);
  return (
    <Box sx={{ minHeight: '50vh', display: 'grid', placeItems: 'center' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography variant="h1" sx={{ fontSize: '1.3rem' }}>
          {t('logout.text')}
        </Typography>
      </Box>
    </Box>
  );
}
