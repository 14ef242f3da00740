import { useEffect } from 'react';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { logout } from '../../lib/session.ts';

/** SPEC §2, §4: /logout signs the user out, shows 'Déconnecter..' and returns to /. */
export function LogoutPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    void logout().then(() => {
      timer = setTimeout(() => void navigate('/', { replace: true }), 400);
    });
    return () => clearTimeout(timer);
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
